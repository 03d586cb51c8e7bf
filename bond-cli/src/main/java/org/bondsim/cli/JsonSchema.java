package org.bondsim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A small builder of JSON Schema (draft 2020-12) documents, so each output's schema is code beside
 * the code that writes the output ({@link JsonSchemas}), printed by {@code --json-schema} and
 * checked against real outputs in the tests.
 */
final class JsonSchema {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonSchema() {}

  static ObjectNode string() {
    return type("string");
  }

  static ObjectNode integer() {
    return type("integer");
  }

  static ObjectNode number() {
    return type("number");
  }

  static ObjectNode bool() {
    return type("boolean");
  }

  /** A number that is null when the run cannot know it. */
  static ObjectNode numberOrNull() {
    ObjectNode node = NODES.objectNode();
    node.putArray("type").add("number").add("null");
    return node;
  }

  /** An integer that is null when the run cannot know it. */
  static ObjectNode integerOrNull() {
    ObjectNode node = NODES.objectNode();
    node.putArray("type").add("integer").add("null");
    return node;
  }

  static ObjectNode stringOrNull() {
    ObjectNode node = NODES.objectNode();
    node.putArray("type").add("string").add("null");
    return node;
  }

  static ObjectNode constant(int value) {
    ObjectNode node = integer();
    node.put("const", value);
    return node;
  }

  static ObjectNode oneOf(String... words) {
    ObjectNode node = string();
    ArrayNode values = node.putArray("enum");
    for (String word : words) {
      values.add(word);
    }
    return node;
  }

  static ObjectNode arrayOf(JsonNode items) {
    ObjectNode node = type("array");
    node.set("items", items);
    return node;
  }

  /** An array that is null when the run cannot know it (per-CPU figures without a CPU model). */
  static ObjectNode arrayOrNull(JsonNode items) {
    ObjectNode node = NODES.objectNode();
    node.putArray("type").add("array").add("null");
    node.set("items", items);
    return node;
  }

  /**
   * An object whose keys are free (counter names, option names) and whose values share a schema.
   */
  static ObjectNode mapOf(JsonNode values) {
    ObjectNode node = type("object");
    node.set("additionalProperties", values);
    return node;
  }

  private static ObjectNode type(String name) {
    ObjectNode node = NODES.objectNode();
    node.put("type", name);
    return node;
  }

  static Obj object() {
    return new Obj();
  }

  /** An object schema: its properties, which are required, and no others. */
  static final class Obj {
    private final ObjectNode node = type("object");
    private final ObjectNode properties = node.putObject("properties");
    private final ArrayNode required = node.putArray("required");

    Obj() {
      node.put("additionalProperties", false);
    }

    Obj required(String name, JsonNode schema) {
      properties.set(name, schema);
      required.add(name);
      return this;
    }

    Obj optional(String name, JsonNode schema) {
      properties.set(name, schema);
      return this;
    }

    ObjectNode node() {
      return node;
    }
  }

  /** A top-level document: the dialect and a title, around an object schema. */
  static String document(String title, Obj object) {
    ObjectNode root = object.node().deepCopy();
    ObjectNode document = NODES.objectNode();
    document.put("$schema", "https://json-schema.org/draft/2020-12/schema");
    document.put("title", title);
    document.setAll(root);
    try {
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(document);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a schema did not serialise", e);
    }
  }
}
