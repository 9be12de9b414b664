// Acknowledgements both ways, from the server's side (Tests/GoldenTypeScript/acks.ts): the server answers the
// app's `upload` and `sync` through the callback socket.io passes, and asks the app to acknowledge `ping`.
import { Server } from "socket.io";
import type { ClientState, ClientToServerEvents, ServerToClientEvents } from "../GoldenTypeScript/acks";

const io = new Server<ClientToServerEvents, ServerToClientEvents>();

io.on("connection", (socket) => {
    socket.on("upload", (payload, callback) => callback({ fileId: payload.name, bytes: payload.size }));
    // Two arguments: an error or null, then a count.
    socket.on("sync", (payload, callback) => callback(null, payload.length));
    socket.emit("ping", { at: Date.now() }, (state: ClientState) => {
        if (state.busy) socket.emit("poke", (answered) => console.log(answered ? "awake" : "asleep"));
    });
});
