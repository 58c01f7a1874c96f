import SwiftUI

/// The player hides the navigation bar for a full-screen artwork: with the bar gone, the swipe back from
/// the player goes too.
struct PopGestureDisabledFailingLibraryView: View {
    let albums: [Album]

    var body: some View {
        NavigationStack {
            List(albums) { album in
                NavigationLink(album.title, value: album)
            }
            .navigationTitle("Library")
            .navigationDestination(for: Album.self) { album in
                PopGestureDisabledFailingPlayerView(album: album)
            }
        }
    }
}

struct PopGestureDisabledFailingPlayerView: View {
    let album: Album

    var body: some View {
        ArtworkView(album: album)
            .ignoresSafeArea()
            .toolbar(.hidden, for: .navigationBar)  // expect: pop-gesture-disabled
    }
}
