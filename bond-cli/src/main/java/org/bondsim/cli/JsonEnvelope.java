package org.bondsim.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The fields every JSON output of bondsim starts with, so that a script can tell what it reads:
 * {@code schema_version} (the JSON Schema of that output, {@code --json-schema}, bumped on any
 * change a reader would notice), {@code bondsim_version} and {@code command}, the command line as
 * given after the program's name ({@code ["netperf", "--json", ...]}).
 */
final class JsonEnvelope {
  /** The version of every output's schema; all change together. */
  static final int SCHEMA_VERSION = 1;

  /** bondsim's version, as {@code -V} prints it. */
  static final String BONDSIM_VERSION = "0.1.0";

  private JsonEnvelope() {}

  static void write(ObjectNode root, List<String> command) {
    root.put("schema_version", SCHEMA_VERSION);
    root.put("bondsim_version", BONDSIM_VERSION);
    ArrayNode words = root.putArray("command");
    command.forEach(words::add);
  }

  /** The schema of the three fields, for an output's {@code properties}. */
  static void schema(JsonSchema.Obj object) {
    object
        .required("schema_version", JsonSchema.constant(SCHEMA_VERSION))
        .required("bondsim_version", JsonSchema.string())
        .required("command", JsonSchema.arrayOf(JsonSchema.string()));
  }
}
