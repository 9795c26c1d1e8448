#!/usr/bin/env node
// The acceptance check of every MCAP robometrics writes: opens each file given on the command line
// with the official MCAP TypeScript reader (@mcap/core) and decodes every message of every channel
// with Foxglove's decoders, as the Foxglove app does. Fails (exit 1) naming the file, the channel
// and the reason at the first problem of each file; prints one line per good file.
//
// Checked: the leading and trailing magic, the footer, the summary CRC, the data section CRC, every
// chunk CRC (stream read), the summary (schemas, channels, chunk indexes, statistics) and that the
// indexed read yields as many messages as the stream read and as the statistics say. Then per
// channel: the profile's encodings (ros2: cdr + ros2msg, ros1: ros1 + ros1msg), a schema that
// parses with @foxglove/rosmsg, and every message decoded by @foxglove/rosmsg2-serialization (CDR)
// or @foxglove/rosmsg-serialization (ROS 1).
//
// Usage: node check-mcap.js FILE.mcap...

"use strict";

const fs = require("fs");
const { basename } = require("path");
const { McapIndexedReader, McapStreamReader } = require("@mcap/core");
const { loadDecompressHandlers } = require("@mcap/support");
const { parse: parseMessageDefinition } = require("@foxglove/rosmsg");
const { MessageReader: Ros2Reader } = require("@foxglove/rosmsg2-serialization");
const { MessageReader: Ros1Reader } = require("@foxglove/rosmsg-serialization");
const { crc32 } = require("@foxglove/crc");

class CheckError extends Error {}

function fail(reason) {
  throw new CheckError(reason);
}

/// The readable @mcap/core's indexed reader wants, over a file held in memory.
function bufferReadable(bytes) {
  return {
    size: async () => BigInt(bytes.byteLength),
    read: async (offset, length) => bytes.subarray(Number(offset), Number(offset + length)),
  };
}

/// Every record of the file in order, through the stream reader (validates chunk CRCs).
function streamRecords(bytes, decompressHandlers) {
  const reader = new McapStreamReader({ decompressHandlers, validateCrcs: true });
  reader.append(bytes);
  const records = [];
  for (let record; (record = reader.nextRecord()); ) records.push(record);
  if (!reader.done()) fail("the stream reader did not reach the footer and trailing magic");
  return records;
}

function checkDataSectionCrc(bytes, reader) {
  if (reader.dataSectionCrc === undefined) return; // 0 = not computed, allowed by the specification
  const actual = crc32(bytes.subarray(0, Number(reader.dataEndOffset)));
  if (actual !== reader.dataSectionCrc) {
    fail(`data section CRC ${actual} does not match DataEnd's ${reader.dataSectionCrc}`);
  }
}

const kProfiles = {
  ros2: { message: "cdr", schemas: ["ros2msg", "ros2idl"] },
  ros1: { message: "ros1", schemas: ["ros1msg"] },
};

/// A function that decodes one payload of `channel`, or a failure naming why it cannot.
function channelDecoder(profile, channel, schema) {
  const where = `channel ${channel.id} (${channel.topic})`;
  const expected = kProfiles[profile];
  if (!expected) fail(`profile '${profile}' is not one Foxglove decodes (ros2 or ros1)`);
  if (channel.messageEncoding !== expected.message) {
    fail(`${where}: message encoding '${channel.messageEncoding}' in a ${profile} file (expected ${expected.message})`);
  }
  if (!schema) fail(`${where}: no schema (schema id ${channel.schemaId})`);
  if (!expected.schemas.includes(schema.encoding)) {
    fail(`${where}: schema ${schema.name} has encoding '${schema.encoding}' (expected ${expected.schemas.join(" or ")})`);
  }
  if (schema.encoding === "ros2idl") return null; // not a .msg text: outside this check, reported as skipped
  const text = new TextDecoder().decode(schema.data);
  let definitions;
  try {
    definitions = parseMessageDefinition(text, { ros2: profile === "ros2" });
  } catch (error) {
    fail(`${where}: schema ${schema.name} does not parse: ${error.message}`);
  }
  const reader = profile === "ros2" ? new Ros2Reader(definitions) : new Ros1Reader(definitions);
  const emptySchema = text.trim().length === 0;
  return (data) => {
    // An empty definition decodes any payload to {}: Foxglove shows nothing and the type's fields
    // are lost. Only an empty message (the 4-byte CDR header, at most 4 bytes of padding) fits it.
    if (emptySchema && data.byteLength > (profile === "ros2" ? 8 : 0)) {
      fail(`${where}: schema ${schema.name} is empty but a message has ${data.byteLength} bytes`);
    }
    try {
      reader.readMessage(data);
    } catch (error) {
      fail(`${where}: a ${data.byteLength}-byte ${schema.name} message does not decode: ${error.message}`);
    }
  };
}

async function checkFile(path, decompressHandlers) {
  const bytes = new Uint8Array(fs.readFileSync(path));
  const records = streamRecords(bytes, decompressHandlers);
  const streamed = records.filter((r) => r.type === "Message").length;
  const header = records.find((r) => r.type === "Header");

  let reader;
  try {
    reader = await McapIndexedReader.Initialize({ readable: bufferReadable(bytes), decompressHandlers });
  } catch (error) {
    fail(`the indexed reader refuses the file: ${error.message}`);
  }
  checkDataSectionCrc(bytes, reader);
  if (reader.chunkIndexes.length === 0 && streamed > 0) fail("messages but no chunk index in the summary");
  if (!reader.statistics) fail("no Statistics record in the summary");

  const decoders = new Map();
  const skipped = new Set();
  for (const channel of reader.channelsById.values()) {
    const decode = channelDecoder(header.profile, channel, reader.schemasById.get(channel.schemaId));
    if (decode) decoders.set(channel.id, decode);
    else skipped.add(channel.topic);
  }
  let indexed = 0;
  for await (const message of reader.readMessages({ validateCrcs: true })) {
    const decode = decoders.get(message.channelId);
    if (decode) decode(message.data);
    else if (!reader.channelsById.has(message.channelId)) fail(`a message on unknown channel ${message.channelId}`);
    ++indexed;
  }
  if (indexed !== streamed) fail(`the indexed read yields ${indexed} messages, the stream read ${streamed}`);
  if (reader.statistics.messageCount !== BigInt(streamed)) {
    fail(`Statistics says ${reader.statistics.messageCount} messages, the file holds ${streamed}`);
  }
  // A ROS 1 bag translated to ROS 2 (convert --to ros2) keeps /tf_static latched: every offered
  // QoS profile of its channel is transient local (rmw's durability 1), or a replay loses the
  // static transforms (docs/convert.md, ROS 1 to ROS 2).
  if (basename(path).startsWith("convert-ros2-")) {
    for (const channel of reader.channelsById.values()) {
      if (channel.topic !== "/tf_static") continue;
      const qos = channel.metadata.get("offered_qos_profiles") ?? "";
      const durabilities = [...qos.matchAll(/durability: (\S+)/g)].map((m) => m[1]);
      if (durabilities.length === 0 || durabilities.some((d) => d !== "1" && d !== "transient_local")) {
        fail(`/tf_static is not transient local: offered_qos_profiles ${JSON.stringify(qos)}`);
      }
    }
  }
  const note = skipped.size ? `; not decoded (ros2idl): ${[...skipped].join(", ")}` : "";
  return `${path}: ok (profile ${header.profile}, library '${header.library}', ${reader.channelsById.size} channels, ${streamed} messages decoded${note})`;
}

async function main(paths) {
  if (paths.length === 0) {
    console.error("usage: node check-mcap.js FILE.mcap...");
    return 2;
  }
  const decompressHandlers = await loadDecompressHandlers();
  let failed = 0;
  for (const path of paths) {
    try {
      console.log(await checkFile(path, decompressHandlers));
    } catch (error) {
      ++failed;
      const reason = error instanceof CheckError ? error.message : `${error.name}: ${error.message}`;
      console.error(`${path}: FAILED: ${reason}`);
    }
  }
  return failed === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => process.exit(code));
