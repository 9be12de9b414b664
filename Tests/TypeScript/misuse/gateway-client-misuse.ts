// Mistakes a gateway client could make: each marked line must fail to compile with the error it announces.
import { isReadyFrame, type HeartbeatFrame, type ServerFrame } from "../../../Generated/TypeScript/discord-gateway";

export const beat: HeartbeatFrame = { op: 2, d: 1 }; // error TS2322
export function read(frame: unknown): string {
    if (isReadyFrame(frame)) return frame.d.sessionId; // error TS2551
    return "";
}
export function op(frame: ServerFrame): number {
    return frame.d.heartbeat_interval; // error TS2339
}
