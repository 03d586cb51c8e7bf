package org.bondsim.cli.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the lab asks of its host before it boots, and what it tells the guest's script. */
class UmlLabTest {
  @Test
  void aCaptureWithoutTcpdumpOnTheHostNamesTheInstallLine(@TempDir Path dir) throws Exception {
    Path absent = dir.resolve("tcpdump");
    assertThat(UmlLab.missingCapture(List.of(absent)))
        .isEqualTo(
            "crosscheck --pcap-dir needs tcpdump on this host, to copy into the guest: apt-get"
                + " install -y tcpdump");
    Files.writeString(absent, "#!/bin/sh\n");
    // A file that cannot run is not a tcpdump either.
    assertThat(UmlLab.missingCapture(List.of(absent))).isNotNull();
    Files.setPosixFilePermissions(absent, PosixFilePermissions.fromString("rwxr-xr-x"));
    assertThat(UmlLab.missingCapture(List.of(dir.resolve("none"), absent))).isNull();
  }

  @Test
  void theGuestsScriptCapturesOnlyWhenAsked() throws Exception {
    String lab;
    try (var in = UmlLab.class.getResourceAsStream("/org/bondsim/cli/crosscheck/lab.sh")) {
      lab = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    // tcpdump starts inside the CAPTURE guard and before the transfer's CPU time is read.
    int guard = lab.indexOf("if [ \"${CAPTURE:-0}\" = 1 ]; then");
    int tcpdump = lab.indexOf("/bin/tcpdump");
    assertThat(guard).isPositive();
    assertThat(tcpdump).isGreaterThan(guard);
    assertThat(tcpdump).isLessThan(lab.indexOf("read -r cpu_before"));
    assertThat(Set.of("snd-bond0.pcap", "rcv-bond0.pcap")).allMatch(lab::contains);
  }
}
