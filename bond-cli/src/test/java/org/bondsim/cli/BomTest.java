package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The BOM has no parent (so it hands users nothing but bondsim's own modules); this keeps it in
 * step with the parent by hand-checked rule: same version, every published module listed.
 */
class BomTest {
  private static final Path ROOT = Path.of("..");

  private static Document read(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }

  private static String child(Element element, String name) {
    for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e.getTextContent().trim();
      }
    }
    return null;
  }

  @Test
  void theBomListsEveryPublishedModuleAtTheParentsVersion() throws Exception {
    Element parent = read(ROOT.resolve("pom.xml")).getDocumentElement();
    Element bom = read(ROOT.resolve("bondsim-bom/pom.xml")).getDocumentElement();
    assertThat(child(bom, "version")).isEqualTo(child(parent, "version"));

    List<String> published = new ArrayList<>();
    NodeList modules = parent.getElementsByTagName("module");
    for (int i = 0; i < modules.getLength(); i++) {
      String module = modules.item(i).getTextContent().trim();
      Element pom = read(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement();
      boolean skipped = pom.getElementsByTagName("maven.deploy.skip").getLength() > 0;
      if (!module.equals("bondsim-bom") && !skipped) {
        published.add(child(pom, "artifactId"));
      }
    }
    List<String> listed = new ArrayList<>();
    NodeList dependencies = bom.getElementsByTagName("dependency");
    for (int i = 0; i < dependencies.getLength(); i++) {
      Element dependency = (Element) dependencies.item(i);
      if (child(dependency, "groupId").equals("org.bondsim")) {
        listed.add(child(dependency, "artifactId"));
      }
    }
    assertThat(listed).containsExactlyInAnyOrderElementsOf(published);
    assertThat(bom.getElementsByTagName("bondsim.version").item(0).getTextContent())
        .isEqualTo(child(parent, "version"));
    // A plugin's tests run on the test stack the testkit was built and tested with.
    for (String property : List.of("junit.version", "jqwik.version", "assertj.version")) {
      assertThat(bom.getElementsByTagName(property).item(0).getTextContent())
          .as(property)
          .isEqualTo(parent.getElementsByTagName(property).item(0).getTextContent());
    }
  }
}
