import SwiftUI

/// The sign-in flow hides the system back button and puts a back button of its own among the leading
/// toolbar items: SwiftUI keeps the back button beside leading items by itself, so nothing asked for one to
/// be supplemented, and there is a way back.
struct SupplementIgnoredCleanWelcomeView: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Restore a purchase") {
                SupplementIgnoredCleanRestoreView()
            }
            .navigationTitle("Welcome")
        }
    }
}

struct SupplementIgnoredCleanRestoreView: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            TextField("Email", text: .constant(""))
        }
        .navigationTitle("Restore")
        .navigationBarBackButtonHidden(true)
        .toolbar {
            ToolbarItemGroup(placement: .navigationBarLeading) {
                Button {
                    dismiss()
                } label: {
                    Label("Back", systemImage: "chevron.left")
                }
            }
        }
    }
}
