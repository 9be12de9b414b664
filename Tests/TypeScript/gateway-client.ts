// A web client of the Discord gateway typed by Generated/TypeScript/discord-gateway.ts: frames from the socket are
// told apart by the guards, and the frames it sends are checked against their types.
import { isHelloFrame, isReadyFrame, servers, type HeartbeatFrame, type IdentifyFrame } from "../../Generated/TypeScript/discord-gateway";

// The contract's server, its URL as a literal type (`as const`): a changed URL is a type error here.
export const gatewayURL: "wss://gateway.discord.gg/?v=10&encoding=json" = servers.production;

export function receive(text: string, send: (frame: HeartbeatFrame | IdentifyFrame) => void): string | undefined {
    const frame: unknown = JSON.parse(text);
    if (isHelloFrame(frame)) {
        send({ op: 2, d: { token: "token", properties: { os: "linux", browser: "web", device: "web" }, intents: 513 } });
        return `heartbeat every ${frame.d.heartbeat_interval} ms`;
    }
    if (isReadyFrame(frame)) {
        send({ op: 1, d: frame.s });
        return frame.d.session_id;
    }
    return undefined;
}
