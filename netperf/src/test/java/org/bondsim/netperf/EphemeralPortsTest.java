package org.bondsim.netperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.bondsim.core.engine.SeededRandom;
import org.junit.jupiter.api.Test;

class EphemeralPortsTest {
  @Test
  void connectTakesEvenPortsAndBindOddOnesInTheDefaultRange() {
    EphemeralPorts ports = new EphemeralPorts(new SeededRandom(7));
    BitSet seen = new BitSet();
    for (int i = 0; i < 500; i++) {
      int connect = ports.forConnect();
      int bind = ports.forBind();
      assertThat(connect % 2).isZero();
      assertThat(bind % 2).isOne();
      assertThat(connect).isBetween(32768, 60999);
      assertThat(bind).isBetween(32768, 60999);
      assertThat(seen.get(connect) || seen.get(bind)).isFalse();
      seen.set(connect);
      seen.set(bind);
    }
  }

  @Test
  void whenEvenPortsRunOutConnectTakesOddOnes() {
    EphemeralPorts ports = new EphemeralPorts(new SeededRandom(1));
    int evens = (60998 - 32768) / 2 + 1;
    for (int i = 0; i < evens; i++) {
      assertThat(ports.forConnect() % 2).isZero();
    }
    assertThat(ports.forConnect() % 2).isOne();
  }

  @Test
  void theSameSeedGivesTheSamePorts() {
    EphemeralPorts a = new EphemeralPorts(new SeededRandom(42));
    EphemeralPorts b = new EphemeralPorts(new SeededRandom(42));
    for (int i = 0; i < 50; i++) {
      assertThat(a.forConnect()).isEqualTo(b.forConnect());
    }
  }
}
