package org.bondsim.tcp;

/**
 * Named construction of a {@link KernelProfile}: a kernel states every figure by name ({@link
 * KernelProfile#builder}), a variant only what differs from the kernel it derives from ({@link
 * KernelProfile#toBuilder}). {@link #build} refuses a profile with a figure left unset.
 */
final class KernelProfileBuilder {
  private int initialCwnd;
  private long initialRtoNs;
  private long rmemDefault;
  private long rmemMax;
  private int advWinScale;
  private int sockMinSndbuf;
  private long limitOutputBytes;
  private boolean compressesSacks;
  private KernelProfile.Growth growth;
  private boolean countsEveryReorderEvent;
  private boolean fack;
  private boolean rack;
  private KernelProfile.Reduction reduction;
  private boolean lossProbes;
  private int fixedMaxReordering;
  private boolean pushesGsoPackets;
  private boolean gsoHalfCwnd;
  private boolean handshakeRttNeedsTimestamps;
  private boolean tsoAutosize;
  private int tsoRttLog;
  private boolean quickAckOnOutOfOrder;
  private KernelProfile.ShortTimers shortTimers;
  private KernelProfile.TsoDeferralRule tsoDeferral;
  private KernelProfile.LossEntry lossEntry;
  private boolean recordEnds;
  private KernelProfile.UndoRules undoRules;
  private boolean moderatesCwnd;
  private KernelProfile.FrtoRule frto;
  private boolean rateLimitsOutOfWindowAcks;
  private boolean gsoAlwaysOn;
  private boolean delayedWithoutRetransmit;
  private KernelProfile.MetricsCache metricsCache;
  private boolean smallQueueFloor;
  private boolean earlyRetransmit;
  private boolean dsackDelivers;
  private KernelProfile.RttSamples rttSamples;
  private ReceiveAutotuning receiveAutotuning;
  private boolean idleRestartOnWrite;
  private TimerWheel timerWheel;
  // How many figures a profile has, and which were set, one bit each in declaration order.
  private static final int FIGURES = 39;

  private long set;

  KernelProfileBuilder() {}

  /** Starts from every figure of {@code base}. */
  KernelProfileBuilder(KernelProfile base) {
    initialCwnd = base.initialCwnd();
    initialRtoNs = base.initialRtoNs();
    rmemDefault = base.rmemDefault();
    rmemMax = base.rmemMax();
    advWinScale = base.advWinScale();
    sockMinSndbuf = base.sockMinSndbuf();
    limitOutputBytes = base.limitOutputBytes();
    compressesSacks = base.compressesSacks();
    growth = base.growth();
    countsEveryReorderEvent = base.countsEveryReorderEvent();
    fack = base.fack();
    rack = base.rack();
    reduction = base.reduction();
    lossProbes = base.lossProbes();
    fixedMaxReordering = base.fixedMaxReordering();
    pushesGsoPackets = base.pushesGsoPackets();
    gsoHalfCwnd = base.gsoHalfCwnd();
    handshakeRttNeedsTimestamps = base.handshakeRttNeedsTimestamps();
    tsoAutosize = base.tsoAutosize();
    tsoRttLog = base.tsoRttLog();
    quickAckOnOutOfOrder = base.quickAckOnOutOfOrder();
    shortTimers = base.shortTimers();
    tsoDeferral = base.tsoDeferral();
    lossEntry = base.lossEntry();
    recordEnds = base.recordEnds();
    undoRules = base.undoRules();
    moderatesCwnd = base.moderatesCwnd();
    frto = base.frto();
    rateLimitsOutOfWindowAcks = base.rateLimitsOutOfWindowAcks();
    gsoAlwaysOn = base.gsoAlwaysOn();
    delayedWithoutRetransmit = base.delayedWithoutRetransmit();
    metricsCache = base.metricsCache();
    smallQueueFloor = base.smallQueueFloor();
    earlyRetransmit = base.earlyRetransmit();
    dsackDelivers = base.dsackDelivers();
    rttSamples = base.rttSamples();
    receiveAutotuning = base.receiveAutotuning();
    idleRestartOnWrite = base.idleRestartOnWrite();
    timerWheel = base.timerWheel();
    set = (1L << FIGURES) - 1;
  }

  KernelProfileBuilder initialCwnd(int value) {
    initialCwnd = value;
    set |= 1L << 0;
    return this;
  }

  KernelProfileBuilder initialRtoNs(long value) {
    initialRtoNs = value;
    set |= 1L << 1;
    return this;
  }

  KernelProfileBuilder rmemDefault(long value) {
    rmemDefault = value;
    set |= 1L << 2;
    return this;
  }

  KernelProfileBuilder rmemMax(long value) {
    rmemMax = value;
    set |= 1L << 3;
    return this;
  }

  KernelProfileBuilder advWinScale(int value) {
    advWinScale = value;
    set |= 1L << 4;
    return this;
  }

  KernelProfileBuilder sockMinSndbuf(int value) {
    sockMinSndbuf = value;
    set |= 1L << 5;
    return this;
  }

  KernelProfileBuilder limitOutputBytes(long value) {
    limitOutputBytes = value;
    set |= 1L << 6;
    return this;
  }

  KernelProfileBuilder compressesSacks(boolean value) {
    compressesSacks = value;
    set |= 1L << 7;
    return this;
  }

  KernelProfileBuilder growth(KernelProfile.Growth value) {
    growth = value;
    set |= 1L << 8;
    return this;
  }

  KernelProfileBuilder countsEveryReorderEvent(boolean value) {
    countsEveryReorderEvent = value;
    set |= 1L << 9;
    return this;
  }

  KernelProfileBuilder fack(boolean value) {
    fack = value;
    set |= 1L << 10;
    return this;
  }

  KernelProfileBuilder rack(boolean value) {
    rack = value;
    set |= 1L << 11;
    return this;
  }

  KernelProfileBuilder reduction(KernelProfile.Reduction value) {
    reduction = value;
    set |= 1L << 12;
    return this;
  }

  KernelProfileBuilder lossProbes(boolean value) {
    lossProbes = value;
    set |= 1L << 13;
    return this;
  }

  KernelProfileBuilder fixedMaxReordering(int value) {
    fixedMaxReordering = value;
    set |= 1L << 14;
    return this;
  }

  KernelProfileBuilder pushesGsoPackets(boolean value) {
    pushesGsoPackets = value;
    set |= 1L << 15;
    return this;
  }

  KernelProfileBuilder gsoHalfCwnd(boolean value) {
    gsoHalfCwnd = value;
    set |= 1L << 16;
    return this;
  }

  KernelProfileBuilder handshakeRttNeedsTimestamps(boolean value) {
    handshakeRttNeedsTimestamps = value;
    set |= 1L << 17;
    return this;
  }

  KernelProfileBuilder tsoAutosize(boolean value) {
    tsoAutosize = value;
    set |= 1L << 18;
    return this;
  }

  KernelProfileBuilder tsoRttLog(int value) {
    tsoRttLog = value;
    set |= 1L << 19;
    return this;
  }

  KernelProfileBuilder quickAckOnOutOfOrder(boolean value) {
    quickAckOnOutOfOrder = value;
    set |= 1L << 20;
    return this;
  }

  KernelProfileBuilder shortTimers(KernelProfile.ShortTimers value) {
    shortTimers = value;
    set |= 1L << 21;
    return this;
  }

  KernelProfileBuilder tsoDeferral(KernelProfile.TsoDeferralRule value) {
    tsoDeferral = value;
    set |= 1L << 22;
    return this;
  }

  KernelProfileBuilder lossEntry(KernelProfile.LossEntry value) {
    lossEntry = value;
    set |= 1L << 23;
    return this;
  }

  KernelProfileBuilder recordEnds(boolean value) {
    recordEnds = value;
    set |= 1L << 24;
    return this;
  }

  KernelProfileBuilder undoRules(KernelProfile.UndoRules value) {
    undoRules = value;
    set |= 1L << 25;
    return this;
  }

  KernelProfileBuilder moderatesCwnd(boolean value) {
    moderatesCwnd = value;
    set |= 1L << 26;
    return this;
  }

  KernelProfileBuilder frto(KernelProfile.FrtoRule value) {
    frto = value;
    set |= 1L << 27;
    return this;
  }

  KernelProfileBuilder rateLimitsOutOfWindowAcks(boolean value) {
    rateLimitsOutOfWindowAcks = value;
    set |= 1L << 28;
    return this;
  }

  KernelProfileBuilder gsoAlwaysOn(boolean value) {
    gsoAlwaysOn = value;
    set |= 1L << 29;
    return this;
  }

  KernelProfileBuilder delayedWithoutRetransmit(boolean value) {
    delayedWithoutRetransmit = value;
    set |= 1L << 30;
    return this;
  }

  KernelProfileBuilder metricsCache(KernelProfile.MetricsCache value) {
    metricsCache = value;
    set |= 1L << 31;
    return this;
  }

  KernelProfileBuilder smallQueueFloor(boolean value) {
    smallQueueFloor = value;
    set |= 1L << 32;
    return this;
  }

  KernelProfileBuilder earlyRetransmit(boolean value) {
    earlyRetransmit = value;
    set |= 1L << 33;
    return this;
  }

  KernelProfileBuilder dsackDelivers(boolean value) {
    dsackDelivers = value;
    set |= 1L << 34;
    return this;
  }

  KernelProfileBuilder rttSamples(KernelProfile.RttSamples value) {
    rttSamples = value;
    set |= 1L << 35;
    return this;
  }

  KernelProfileBuilder receiveAutotuning(ReceiveAutotuning value) {
    receiveAutotuning = value;
    set |= 1L << 36;
    return this;
  }

  KernelProfileBuilder idleRestartOnWrite(boolean value) {
    idleRestartOnWrite = value;
    set |= 1L << 37;
    return this;
  }

  KernelProfileBuilder timerWheel(TimerWheel value) {
    timerWheel = value;
    set |= 1L << 38;
    return this;
  }

  /**
   * The profile.
   *
   * @throws IllegalStateException naming the first figure left unset
   */
  KernelProfile build() {
    String[] names = {
      "initialCwnd",
      "initialRtoNs",
      "rmemDefault",
      "rmemMax",
      "advWinScale",
      "sockMinSndbuf",
      "limitOutputBytes",
      "compressesSacks",
      "growth",
      "countsEveryReorderEvent",
      "fack",
      "rack",
      "reduction",
      "lossProbes",
      "fixedMaxReordering",
      "pushesGsoPackets",
      "gsoHalfCwnd",
      "handshakeRttNeedsTimestamps",
      "tsoAutosize",
      "tsoRttLog",
      "quickAckOnOutOfOrder",
      "shortTimers",
      "tsoDeferral",
      "lossEntry",
      "recordEnds",
      "undoRules",
      "moderatesCwnd",
      "frto",
      "rateLimitsOutOfWindowAcks",
      "gsoAlwaysOn",
      "delayedWithoutRetransmit",
      "metricsCache",
      "smallQueueFloor",
      "earlyRetransmit",
      "dsackDelivers",
      "rttSamples",
      "receiveAutotuning",
      "idleRestartOnWrite",
      "timerWheel",
    };
    if (names.length != FIGURES) {
      throw new IllegalStateException("kernel profile: " + names.length + " names for " + FIGURES);
    }
    for (int i = 0; i < names.length; i++) {
      if ((set & (1L << i)) == 0) {
        throw new IllegalStateException("kernel profile: " + names[i] + " is not set");
      }
    }
    return new KernelProfile(
        initialCwnd,
        initialRtoNs,
        rmemDefault,
        rmemMax,
        advWinScale,
        sockMinSndbuf,
        limitOutputBytes,
        compressesSacks,
        growth,
        countsEveryReorderEvent,
        fack,
        rack,
        reduction,
        lossProbes,
        fixedMaxReordering,
        pushesGsoPackets,
        gsoHalfCwnd,
        handshakeRttNeedsTimestamps,
        tsoAutosize,
        tsoRttLog,
        quickAckOnOutOfOrder,
        shortTimers,
        tsoDeferral,
        lossEntry,
        recordEnds,
        undoRules,
        moderatesCwnd,
        frto,
        rateLimitsOutOfWindowAcks,
        gsoAlwaysOn,
        delayedWithoutRetransmit,
        metricsCache,
        smallQueueFloor,
        earlyRetransmit,
        dsackDelivers,
        rttSamples,
        receiveAutotuning,
        idleRestartOnWrite,
        timerWheel);
  }
}
