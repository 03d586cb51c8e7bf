package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PoliciesCommandTest {
  @Test
  void listsEveryShippedModeWithAliasModuleAndOptions() {
    CliRunner result = CliRunner.run("policies");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out())
        .containsPattern("balance-rr\\s+0\\s+policy-rr")
        .containsPattern("active-backup\\s+1\\s+bond-core")
        .containsPattern("balance-xor\\s+2\\s+policy-hash")
        .containsPattern("broadcast\\s+3\\s+bond-core")
        .containsPattern("802.3ad\\s+4\\s+policy-hash")
        .containsPattern("balance-tlb\\s+5\\s+policy-tlb")
        .containsPattern("balance-alb\\s+6\\s+policy-tlb")
        .containsPattern("xmit_hash_policy\\s+module\\+bond default layer2")
        .containsPattern("packets_per_slave\\s+module\\+bond default 1\\s+0\\.\\.65535")
        .containsPattern("miimon\\s+module\\+bond default 0")
        // Linux has lp_interval as a module parameter and tlb_dynamic_lb per bond only.
        .containsPattern("tlb_dynamic_lb\\s+bond only\\s+default 1\\s+0\\.\\.1")
        .containsPattern("lp_interval\\s+module\\+bond default 1\\s+1\\.\\.2147483647 s")
        .contains("primary_reselect");
  }

  /** A plugin compiled outside the reactor appears once it is on the class path. */
  @Test
  void aPluginOnTheClassPathIsListed(@TempDir Path dir) throws IOException {
    Path source = dir.resolve("src/com/example/FirstUpProvider.java");
    Files.createDirectories(source.getParent());
    Files.writeString(
        source,
        """
        package com.example;

        import java.util.*;
        import org.bondsim.api.Bond;
        import org.bondsim.api.option.*;
        import org.bondsim.api.packet.OutgoingFrame;
        import org.bondsim.api.policy.*;

        public final class FirstUpProvider implements TxPolicyProvider {
          public String mode() { return "first-up"; }
          public OptionalInt alias() { return OptionalInt.empty(); }
          public String description() { return "always the first slave that can transmit"; }
          public List<OptionSpec> options() { return List.of(); }
          public Set<Characteristic> characteristics() { return EnumSet.of(Characteristic.FLOW_STABLE); }
          public TxPolicy create(PolicyContext context, Options options) {
            return (OutgoingFrame packet, Bond bond) -> {
              for (int i = 0; i < bond.slaveCount(); i++) {
                if (bond.slave(i).canTransmit()) return i;
              }
              return TxPolicy.NO_SLAVE;
            };
          }
        }
        """);
    Path classes = dir.resolve("classes");
    Files.createDirectories(classes.resolve("META-INF/services"));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    int status =
        compiler.run(
            null,
            null,
            null,
            "-d",
            classes.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            source.toString());
    assertThat(status).isZero();
    Files.write(
        classes.resolve("META-INF/services/org.bondsim.api.policy.TxPolicyProvider"),
        List.of("com.example.FirstUpProvider"));

    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader plugin =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, previous)) {
      Thread.currentThread().setContextClassLoader(plugin);
      CliRunner listed = CliRunner.run("policies");
      assertThat(listed.out()).containsPattern("first-up\\s+-\\s+classes");
      CliRunner ran =
          CliRunner.run(
              "netperf",
              "-l",
              "0.05",
              "--bond",
              "mode first-up",
              "--slaves",
              "2x1000",
              "--json",
              "--",
              "-m",
              "1472");
      assertThat(ran.exitCode()).as(ran.err()).isZero();
      assertThat(ran.out()).contains("\"mode\" : \"first-up\"");
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }
}
