package org.bondsim.policy.hash;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;

/** What balance-xor and 802.3ad share: the hash options and hash-indexed selection. */
abstract class HashModeProvider implements TxPolicyProvider {
  @Override
  public List<OptionSpec> options() {
    return List.of(XmitHashPolicy.OPTION, HashFormula.OPTION);
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.FLOW_STABLE);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    XmitHashPolicy policy = XmitHashPolicy.parse(options.getString(XmitHashPolicy.OPTION.name()));
    HashFormula formula = HashFormula.parse(options.getString(HashFormula.OPTION.name()));
    return new HashedSlaveSelection(
        new XmitHash(policy, formula), walksAllSlaves() && formula.modulusOverAllSlaves());
  }

  /**
   * Returns whether this mode, under a pre-3.19 formula, reduced the hash over all slaves and
   * walked to the next usable one.
   */
  abstract boolean walksAllSlaves();
}
