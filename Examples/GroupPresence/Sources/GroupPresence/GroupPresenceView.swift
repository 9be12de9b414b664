#if canImport(SwiftUI)
import SwiftUI

/// Who is online in each joined group: the view the store is the model of.
public struct GroupPresenceView: View {
    let store: GroupPresenceStore

    public init(store: GroupPresenceStore) {
        self.store = store
    }

    public var body: some View {
        List {
            ForEach(store.onlineMembers.keys.sorted(), id: \.self) { group in
                Section(group) {
                    ForEach(store.onlineMembers[group, default: []].sorted(), id: \.self) { Text($0) }
                }
            }
            if let error = store.lastError {
                Text(error).foregroundStyle(.red)
            }
        }
    }
}

#Preview("Members come and go") {
    GroupPresenceView(store: .preview(playing: .membersComeAndGo))
}
#endif
