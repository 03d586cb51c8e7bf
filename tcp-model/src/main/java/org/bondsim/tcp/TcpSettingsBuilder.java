package org.bondsim.tcp;

/**
 * Named construction of {@link TcpSettings}: a variant states only what differs ({@link
 * TcpSettings#toBuilder}); {@link #build} refuses a component left unset.
 */
public final class TcpSettingsBuilder {
  private Kernel kernel;
  private int reordering;
  private int maxReordering;
  private int recovery;
  private boolean sack;
  private boolean dsack;
  private boolean timestamps;
  private String congestionControl;
  private int earlyRetrans;
  private boolean gso;
  private long rmemDefault;
  private long rmemMax;
  private boolean slowStartAfterIdle;
  private int minTsoSegs;
  private Jiffies jiffies;
  private long limitOutputBytes;
  private int hystartDetect;
  private int frto;
  private int frtoResponse;
  private int invalidRatelimitMs;
  private boolean fack;
  private boolean metricsSave;
  private boolean ssthreshMetricsSave;
  private boolean windowGrowth;
  private boolean sharedXmitTimer;
  // Which components were set, one bit each in declaration order.
  private long set;

  TcpSettingsBuilder() {}

  TcpSettingsBuilder(TcpSettings base) {
    kernel = base.kernel();
    reordering = base.reordering();
    maxReordering = base.maxReordering();
    recovery = base.recovery();
    sack = base.sack();
    dsack = base.dsack();
    timestamps = base.timestamps();
    congestionControl = base.congestionControl();
    earlyRetrans = base.earlyRetrans();
    gso = base.gso();
    rmemDefault = base.rmemDefault();
    rmemMax = base.rmemMax();
    slowStartAfterIdle = base.slowStartAfterIdle();
    minTsoSegs = base.minTsoSegs();
    jiffies = base.jiffies();
    limitOutputBytes = base.limitOutputBytes();
    hystartDetect = base.hystartDetect();
    frto = base.frto();
    frtoResponse = base.frtoResponse();
    invalidRatelimitMs = base.invalidRatelimitMs();
    fack = base.fack();
    metricsSave = base.metricsSave();
    ssthreshMetricsSave = base.ssthreshMetricsSave();
    windowGrowth = base.windowGrowth();
    sharedXmitTimer = base.sharedXmitTimer();
    set = (1L << 25) - 1;
  }

  /**
   * Sets {@link TcpSettings#kernel}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder kernel(Kernel value) {
    kernel = value;
    set |= 1L << 0;
    return this;
  }

  /**
   * Sets {@link TcpSettings#reordering}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder reordering(int value) {
    reordering = value;
    set |= 1L << 1;
    return this;
  }

  /**
   * Sets {@link TcpSettings#maxReordering}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder maxReordering(int value) {
    maxReordering = value;
    set |= 1L << 2;
    return this;
  }

  /**
   * Sets {@link TcpSettings#recovery}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder recovery(int value) {
    recovery = value;
    set |= 1L << 3;
    return this;
  }

  /**
   * Sets {@link TcpSettings#sack}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder sack(boolean value) {
    sack = value;
    set |= 1L << 4;
    return this;
  }

  /**
   * Sets {@link TcpSettings#dsack}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder dsack(boolean value) {
    dsack = value;
    set |= 1L << 5;
    return this;
  }

  /**
   * Sets {@link TcpSettings#timestamps}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder timestamps(boolean value) {
    timestamps = value;
    set |= 1L << 6;
    return this;
  }

  /**
   * Sets {@link TcpSettings#congestionControl}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder congestionControl(String value) {
    congestionControl = value;
    set |= 1L << 7;
    return this;
  }

  /**
   * Sets {@link TcpSettings#earlyRetrans}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder earlyRetrans(int value) {
    earlyRetrans = value;
    set |= 1L << 8;
    return this;
  }

  /**
   * Sets {@link TcpSettings#gso}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder gso(boolean value) {
    gso = value;
    set |= 1L << 9;
    return this;
  }

  /**
   * Sets {@link TcpSettings#rmemDefault}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder rmemDefault(long value) {
    rmemDefault = value;
    set |= 1L << 10;
    return this;
  }

  /**
   * Sets {@link TcpSettings#rmemMax}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder rmemMax(long value) {
    rmemMax = value;
    set |= 1L << 11;
    return this;
  }

  /**
   * Sets {@link TcpSettings#slowStartAfterIdle}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder slowStartAfterIdle(boolean value) {
    slowStartAfterIdle = value;
    set |= 1L << 12;
    return this;
  }

  /**
   * Sets {@link TcpSettings#minTsoSegs}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder minTsoSegs(int value) {
    minTsoSegs = value;
    set |= 1L << 13;
    return this;
  }

  /**
   * Sets {@link TcpSettings#jiffies}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder jiffies(Jiffies value) {
    jiffies = value;
    set |= 1L << 14;
    return this;
  }

  /**
   * Sets {@link TcpSettings#limitOutputBytes}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder limitOutputBytes(long value) {
    limitOutputBytes = value;
    set |= 1L << 15;
    return this;
  }

  /**
   * Sets {@link TcpSettings#hystartDetect}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder hystartDetect(int value) {
    hystartDetect = value;
    set |= 1L << 16;
    return this;
  }

  /**
   * Sets {@link TcpSettings#frto}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder frto(int value) {
    frto = value;
    set |= 1L << 17;
    return this;
  }

  /**
   * Sets {@link TcpSettings#invalidRatelimitMs}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder invalidRatelimitMs(int value) {
    invalidRatelimitMs = value;
    set |= 1L << 18;
    return this;
  }

  /**
   * Sets {@link TcpSettings#fack}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder fack(boolean value) {
    fack = value;
    set |= 1L << 19;
    return this;
  }

  /**
   * Sets {@link TcpSettings#frtoResponse}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder frtoResponse(int value) {
    frtoResponse = value;
    set |= 1L << 22;
    return this;
  }

  /**
   * Sets {@link TcpSettings#windowGrowth}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder windowGrowth(boolean value) {
    windowGrowth = value;
    set |= 1L << 23;
    return this;
  }

  /**
   * Sets {@link TcpSettings#sharedXmitTimer}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder sharedXmitTimer(boolean value) {
    sharedXmitTimer = value;
    set |= 1L << 24;
    return this;
  }

  /**
   * Sets {@link TcpSettings#metricsSave}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder metricsSave(boolean value) {
    metricsSave = value;
    set |= 1L << 20;
    return this;
  }

  /**
   * Sets {@link TcpSettings#ssthreshMetricsSave}.
   *
   * @param value the value
   * @return this builder
   */
  public TcpSettingsBuilder ssthreshMetricsSave(boolean value) {
    ssthreshMetricsSave = value;
    set |= 1L << 21;
    return this;
  }

  /**
   * Returns the TcpSettings.
   *
   * @return it
   * @throws IllegalStateException naming the first component left unset
   */
  public TcpSettings build() {
    String[] names = {
      "kernel",
      "reordering",
      "maxReordering",
      "recovery",
      "sack",
      "dsack",
      "timestamps",
      "congestionControl",
      "earlyRetrans",
      "gso",
      "rmemDefault",
      "rmemMax",
      "slowStartAfterIdle",
      "minTsoSegs",
      "jiffies",
      "limitOutputBytes",
      "hystartDetect",
      "frto",
      "invalidRatelimitMs",
      "fack",
      "metricsSave",
      "ssthreshMetricsSave",
      "frtoResponse",
      "windowGrowth",
      "sharedXmitTimer",
    };
    for (int i = 0; i < names.length; i++) {
      if ((set & (1L << i)) == 0) {
        throw new IllegalStateException("TcpSettings: " + names[i] + " is not set");
      }
    }
    return new TcpSettings(
        kernel,
        reordering,
        maxReordering,
        recovery,
        sack,
        dsack,
        timestamps,
        congestionControl,
        earlyRetrans,
        gso,
        rmemDefault,
        rmemMax,
        slowStartAfterIdle,
        minTsoSegs,
        jiffies,
        limitOutputBytes,
        hystartDetect,
        frto,
        invalidRatelimitMs,
        fack,
        metricsSave,
        ssthreshMetricsSave,
        frtoResponse,
        windowGrowth,
        sharedXmitTimer);
  }
}
