package com.example.offload;

import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.ReceiveOffloadProvider;

/** {@code --receiver "offload lro-like"}: merging as Linux's old software LRO did ({@link LroLike}). */
public final class LroLikeProvider implements ReceiveOffloadProvider {
  @Override
  public String name() {
    return "lro-like";
  }

  @Override
  public String description() {
    return "merging as inet_lro did: newest ACK, window and TSval win (bonding forbids real LRO)";
  }

  @Override
  public ReceiveOffload create(KernelVersion kernel) {
    return new LroLike();
  }
}
