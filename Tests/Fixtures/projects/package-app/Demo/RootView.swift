import SwiftUI

struct RootView: View {
    var body: some View {
        List {
            NavigationLink("Settings") { Text("Settings") }
        }
        .navigationTitle("Catalog")
    }
}
