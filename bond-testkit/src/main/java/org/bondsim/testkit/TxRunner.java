package org.bondsim.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bondsim.api.option.Options;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.api.stack.Packet;

/**
 * Drives one {@link TxRun} through a policy on a {@link ContractBond}: before each packet it
 * applies that packet's link changes (telling the policy, as a bond's notifier does) and moves time
 * on; then it asks the policy for a slave and records the answer with the slaves usable then.
 */
public final class TxRunner {
  /**
   * What one run produced.
   *
   * @param choices the policy's answer for each packet (a slave index, {@link TxPolicy#NO_SLAVE} or
   *     {@link TxPolicy#ALL_UP_SLAVES})
   * @param usable the slaves that could transmit when each packet was offered
   * @param epochs for each packet, how many times the usable set had changed before it
   */
  public record Result(List<Integer> choices, List<List<Integer>> usable, List<Integer> epochs) {}

  private TxRunner() {}

  /**
   * Runs a policy over a generated run.
   *
   * @param provider the mode
   * @param settings per-bond settings
   * @param run the run
   * @param seed the policy's random seed
   * @return the choices
   */
  public static Result run(
      TxPolicyProvider provider, Map<String, String> settings, TxRun run, long seed) {
    Options options = Options.resolve(provider.options(), Map.of(), settings);
    ContractBond bond = new ContractBond(provider.mode(), provider.needs(), options, run.slaves());
    ContractContext context = new ContractContext(bond, seed);
    TxPolicy policy = provider.create(context, options);
    policy.onSlavesChanged(bond);
    List<Integer> choices = new ArrayList<>();
    List<List<Integer>> usable = new ArrayList<>();
    List<Integer> epochs = new ArrayList<>();
    long[] sequence = new long[run.flows().size()];
    int nextChange = 0;
    int epoch = 0;
    List<Integer> usableNow = bond.usable();
    for (int i = 0; i < run.order().size(); i++) {
      while (nextChange < run.changes().size()
          && run.changes().get(nextChange).beforePacket() <= i) {
        bond.apply(run.changes().get(nextChange++));
        policy.onSlavesChanged(bond);
      }
      List<Integer> after = bond.usable();
      if (!after.equals(usableNow)) {
        epoch++;
        usableNow = after;
      }
      long now = i * run.gapNs();
      context.advanceTo(now);
      int flow = run.order().get(i);
      Flow spec = run.flows().get(flow);
      Packet packet =
          new Packet(spec.frame(), spec.payloadBytes(), null, flow, sequence[flow]++, now, null, 0);
      choices.add(policy.select(packet, bond));
      usable.add(usableNow);
      epochs.add(epoch);
    }
    return new Result(List.copyOf(choices), List.copyOf(usable), List.copyOf(epochs));
  }
}
