package org.bondsim.testkit;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import org.bondsim.api.Bond;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.offload.Upstream;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.FlowKey;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.api.stack.Packet;

/**
 * Deliberately broken policies, each adopting the contract it breaks. The class name does not end
 * in {@code Test}, so the build does not run them; {@link ContractFailuresTest} runs them through
 * the jqwik engine and checks each fails with a small counterexample.
 */
final class BrokenPolicies {
  private BrokenPolicies() {}

  /** A provider whose policy is a lambda of the packet's flow, the bond and a call counter. */
  record Broken(String name, Set<Characteristic> characteristics, Selector selector)
      implements TxPolicyProvider {
    @Override
    public String mode() {
      return name;
    }

    @Override
    public OptionalInt alias() {
      return OptionalInt.empty();
    }

    @Override
    public String description() {
      return "broken on purpose";
    }

    @Override
    public List<OptionSpec> options() {
      return List.of();
    }

    @Override
    public TxPolicy create(PolicyContext context, Options options) {
      int[] calls = new int[1];
      return (packet, bond) -> selector.select(packet, bond, calls[0]++);
    }
  }

  /** The broken choice. */
  @FunctionalInterface
  interface Selector {
    int select(OutgoingFrame packet, Bond bond, int call);
  }

  /** Always slave 0, up or not. */
  static class AlwaysFirstSlave implements TxPolicyContract {
    @Override
    public TxPolicyProvider provider() {
      return new Broken("always-first", Set.of(), (packet, bond, call) -> 0);
    }
  }

  /** A fresh, unseeded random slave among the usable ones: right slaves, not repeatable. */
  static class UnseededRandom implements TxPolicyContract {
    @Override
    public TxPolicyProvider provider() {
      Random unseeded = new Random();
      return new Broken(
          "unseeded",
          Set.of(),
          (packet, bond, call) -> {
            List<Integer> usable = usable(bond);
            return usable.isEmpty()
                ? TxPolicy.NO_SLAVE
                : usable.get(unseeded.nextInt(usable.size()));
          });
    }
  }

  /** Declares FLOW_STABLE but deals packets out in turn. */
  static class ClaimsStabilityButSprays implements TxPolicyContract {
    @Override
    public TxPolicyProvider provider() {
      return new Broken(
          "sprays",
          EnumSet.of(Characteristic.FLOW_STABLE),
          (packet, bond, call) -> {
            List<Integer> usable = usable(bond);
            return usable.isEmpty() ? TxPolicy.NO_SLAVE : usable.get(call % usable.size());
          });
    }
  }

  /** Hashes flow % usable count, so losing any slave remaps other flows, yet claims not to. */
  static class ClaimsMinimalMovesButRehashes implements TxPolicyContract {
    @Override
    public TxPolicyProvider provider() {
      return new Broken(
          "rehashes",
          EnumSet.of(Characteristic.FLOW_STABLE),
          (packet, bond, call) -> {
            List<Integer> usable = usable(bond);
            return usable.isEmpty()
                ? TxPolicy.NO_SLAVE
                : usable.get(Math.floorMod(flowHash(packet), usable.size()));
          });
    }

    @Override
    public boolean movesOnlyWhatItMust() {
      return true;
    }
  }

  /** Claims ±10 % balance but sends every other packet to slave 0. */
  static class ClaimsBalanceButFavoursTheFirst implements TxPolicyContract {
    @Override
    public TxPolicyProvider provider() {
      return new Broken(
          "lopsided",
          Set.of(),
          (packet, bond, call) -> {
            List<Integer> usable = usable(bond);
            if (usable.isEmpty()) {
              return TxPolicy.NO_SLAVE;
            }
            return call % 2 == 0 ? usable.get(0) : usable.get((call / 2) % usable.size());
          });
    }

    @Override
    public Optional<BalanceBound> balanceBound() {
      return Optional.of(new BalanceBound(0.10, 8));
    }
  }

  /** Passes every frame up at once, except that it swaps each flow's second and third frames. */
  static class SwapsFrames implements ReceiveOffloadContract {
    @Override
    public ReceiveOffloadProvider provider() {
      return new ReceiveOffloadProvider() {
        @Override
        public String name() {
          return "swaps";
        }

        @Override
        public ReceiveOffload create(KernelVersion kernel) {
          return new ReceiveOffload() {
            private final Map<Integer, Packet> held = new HashMap<>();

            @Override
            public void receive(Packet frame, long nowNs, Upstream upstream) {
              if (frame.flowSequence() == 1) {
                held.put(frame.flowId(), frame);
                return;
              }
              upstream.up(frame, 1);
              Packet second = held.remove(frame.flowId());
              if (second != null) {
                upstream.up(second, 1);
              }
            }

            @Override
            public void pollExhausted(long nowNs, Upstream upstream) {}

            @Override
            public void complete(long nowNs, Upstream upstream) {
              held.values().forEach(p -> upstream.up(p, 1));
              held.clear();
            }

            @Override
            public int held() {
              return held.size();
            }
          };
        }
      };
    }
  }

  /** Keeps the last frame of each poll instead of flushing it when the poll completes. */
  static class HoldsAfterCompletion implements ReceiveOffloadContract {
    @Override
    public ReceiveOffloadProvider provider() {
      return new ReceiveOffloadProvider() {
        @Override
        public String name() {
          return "holds";
        }

        @Override
        public ReceiveOffload create(KernelVersion kernel) {
          return new ReceiveOffload() {
            private Packet last;

            @Override
            public void receive(Packet frame, long nowNs, Upstream upstream) {
              if (last != null) {
                upstream.up(last, 1);
              }
              last = frame;
            }

            @Override
            public void pollExhausted(long nowNs, Upstream upstream) {}

            @Override
            public void complete(long nowNs, Upstream upstream) {}

            @Override
            public int held() {
              return last == null ? 0 : 1;
            }
          };
        }
      };
    }
  }

  static List<Integer> usable(Bond bond) {
    List<Integer> usable = new ArrayList<>();
    for (int i = 0; i < bond.slaveCount(); i++) {
      if (bond.slave(i).canTransmit()) {
        usable.add(i);
      }
    }
    return usable;
  }

  /** A flow's hash from its 5-tuple (0 for non-IP frames): stable per flow, as policies see it. */
  static int flowHash(OutgoingFrame frame) {
    return frame.frame().ip() == null ? 0 : FlowKey.of(frame.frame()).hashCode();
  }
}
