import SwiftUI

/// The home screen hides the navigation bar behind its own header; the settings it pushes ask for nothing,
/// so their bar (and the swipe back) is there.
struct PopGestureDisabledCleanHomeView: View {
    @State private var showsSettings = false

    var body: some View {
        NavigationStack {
            HomeHeader(onSettings: { showsSettings = true })
                .toolbar(.hidden, for: .navigationBar)
                .navigationDestination(isPresented: $showsSettings) {
                    PopGestureDisabledCleanSettingsView()
                }
        }
    }
}

struct PopGestureDisabledCleanSettingsView: View {
    var body: some View {
        Form {
            Toggle("Notifications", isOn: .constant(true))
        }
        .navigationTitle("Settings")
    }
}
