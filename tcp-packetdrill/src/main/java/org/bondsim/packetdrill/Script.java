package org.bondsim.packetdrill;

import java.util.List;
import java.util.Map;

/**
 * A parsed packetdrill script.
 *
 * @param name the file name, for messages
 * @param options the {@code --name=value} lines of its header (packetdrill's command-line options)
 * @param steps the lines, in order
 */
record Script(String name, Map<String, String> options, List<Step> steps) {}
