// Writes binary-packets.json with Debian's node-socket.io-parser (the reference encoder and decoder), for the packets
// of socket.io-parser's own test/buffer.js and one with two attachments. For each: the Engine.IO messages the encoder
// writes (text with Engine.IO's "4" in front, binary as base64), and what the reference decoder reads back, with each
// Buffer as its base64 string: what SocketIOBinaryAssembly must put together (SocketIOBinaryTests). CI runs it and
// fails when the checked-in file differs:
//   NODE_PATH=/usr/share/nodejs node binary-packets.js | diff - binary-packets.json
const { Encoder, Decoder } = require("socket.io-parser");

const packets = [
  ["encodes a Buffer", { type: 2, data: ["a", Buffer.from("abc", "utf8")], id: 23, nsp: "/cool" }],
  ["encodes a nested Buffer", { type: 2, data: ["a", { b: ["c", Buffer.from("abc", "utf8")] }], id: 23, nsp: "/cool" }],
  ["encodes a binary ack with Buffer", { type: 3, data: ["a", Buffer.from("xxx", "utf8"), {}], id: 127, nsp: "/back" }],
  ["two attachments", { type: 2, data: ["file", { name: "a.png", thumb: Buffer.from([0, 1, 254, 255]) }, Buffer.from("hi!")], nsp: "/" }],
];

const base64 = (value) => {
  if (Buffer.isBuffer(value)) return value.toString("base64");
  if (Array.isArray(value)) return value.map(base64);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, base64(v)]));
  return value;
};

const fixtures = packets.map(([name, packet]) => {
  const encoded = new Encoder().encode(packet);
  let decoded;
  const decoder = new Decoder();
  decoder.on("decoded", (read) => { decoded = read; });
  for (const part of encoded) decoder.add(part);
  return {
    name,
    messages: encoded.map((part) => (typeof part === "string" ? { text: "4" + part } : { binary: Buffer.from(part).toString("base64") })),
    read: { type: decoded.type, nsp: decoded.nsp, id: decoded.id ?? null, data: JSON.stringify(base64(decoded.data)) },
  };
});
process.stdout.write(JSON.stringify(fixtures, null, 2) + "\n");
