// The typed surface of socket.io v4's server (`Server`, `Namespace`, `Socket`, `BroadcastOperator`) with the same
// generic shapes as the package's own declarations (https://socket.io/docs/v4/typescript/): the tests compile
// generated event maps against it, and npm's registry, where the package lives, is out of reach of CI.
// Written for these tests; only the members they use.
declare module "socket.io" {
    export interface EventsMap {
        [event: string]: any;
    }

    export type EventNames<Map extends EventsMap> = keyof Map & (string | symbol);

    export type EventParams<Map extends EventsMap, Ev extends EventNames<Map>> = Parameters<Map[Ev]>;

    export class BroadcastOperator<EmitEvents extends EventsMap> {
        to(room: string | string[]): BroadcastOperator<EmitEvents>;
        except(room: string | string[]): BroadcastOperator<EmitEvents>;
        emit<Ev extends EventNames<EmitEvents>>(ev: Ev, ...args: EventParams<EmitEvents, Ev>): boolean;
    }

    export class Socket<ListenEvents extends EventsMap, EmitEvents extends EventsMap> {
        readonly id: string;
        readonly rooms: Set<string>;
        on<Ev extends EventNames<ListenEvents>>(ev: Ev, listener: ListenEvents[Ev]): this;
        emit<Ev extends EventNames<EmitEvents>>(ev: Ev, ...args: EventParams<EmitEvents, Ev>): boolean;
        join(room: string | string[]): Promise<void> | void;
        leave(room: string): Promise<void> | void;
        to(room: string | string[]): BroadcastOperator<EmitEvents>;
    }

    export class Namespace<ListenEvents extends EventsMap, EmitEvents extends EventsMap> {
        readonly name: string;
        on(ev: "connection", listener: (socket: Socket<ListenEvents, EmitEvents>) => void): this;
        to(room: string | string[]): BroadcastOperator<EmitEvents>;
        emit<Ev extends EventNames<EmitEvents>>(ev: Ev, ...args: EventParams<EmitEvents, Ev>): boolean;
    }

    export class Server<ListenEvents extends EventsMap, EmitEvents extends EventsMap> extends Namespace<ListenEvents, EmitEvents> {
        constructor(port?: number);
        of(namespace: string): Namespace<ListenEvents, EmitEvents>;
    }
}
