package org.bondsim.core.lacp;

/**
 * One LACP system's settings: a bond's 802.3ad options, or a switch port channel's.
 *
 * @param active {@code lacp_active}: the system sends LACPDUs on its own (else only when its
 *     partner is active)
 * @param fastRate {@code lacp_rate fast}: the system asks its partner for a LACPDU every second and
 *     times out after 3 s; slow: every 30 s, 90 s
 * @param selection {@code ad_select}
 * @param minLinks {@code min_links}: the system's carrier is up only with this many active ports
 * @param systemPriority {@code ad_actor_sys_prio}
 * @param systemMac {@code ad_actor_system} (or the bond's MAC), low 48 bits
 * @param userPortKey {@code ad_user_port_key}, the upper ten bits of every port's key
 * @param selectionTimerTicks ticks before the first aggregator selection and before any port may
 *     collect and distribute ({@code AD_AGGREGATOR_SELECTION_TIMER}, 8 s in a bond; 0 for a switch)
 */
public record LacpSettings(
    boolean active,
    boolean fastRate,
    AggregatorSelection selection,
    int minLinks,
    int systemPriority,
    long systemMac,
    int userPortKey,
    int selectionTimerTicks) {
  /** {@code AD_AGGREGATOR_SELECTION_TIMER}: 8 s in 100 ms ticks. */
  public static final int BOND_SELECTION_TIMER_TICKS = 80;

  /**
   * Checks the values.
   *
   * @param active active
   * @param fastRate fast
   * @param selection ad_select
   * @param minLinks min_links
   * @param systemPriority priority
   * @param systemMac system MAC
   * @param userPortKey user key
   * @param selectionTimerTicks selection timer
   */
  public LacpSettings {
    if (selection == null) {
      throw new IllegalArgumentException("ad_select must be given");
    }
    if (minLinks < 0) {
      throw new IllegalArgumentException("min_links must be >= 0, got " + minLinks);
    }
    if (systemPriority < 1 || systemPriority > 65535) {
      throw new IllegalArgumentException(
          "ad_actor_sys_prio must be 1..65535, got " + systemPriority);
    }
    if (userPortKey < 0 || userPortKey > 1023) {
      throw new IllegalArgumentException("ad_user_port_key must be 0..1023, got " + userPortKey);
    }
    if (selectionTimerTicks < 0) {
      throw new IllegalArgumentException(
          "selectionTimerTicks must be >= 0, got " + selectionTimerTicks);
    }
  }
}
