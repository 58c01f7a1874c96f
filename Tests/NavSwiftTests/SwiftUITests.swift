import NavModel
import NavSource
import Testing

@testable import NavSwift

@Suite("SwiftUI")
struct SwiftUITests {
    @Test func modifiersOfAView() throws {
        let facts = read(
            """
            import SwiftUI

            struct OrderDetailView: View {
                let order: Order
                var body: some View {
                    List(order.lines) { line in
                        Text(line.name)
                    }
                    .navigationTitle("Order")
                    .navigationBarTitleDisplayMode(.inline)
                    .navigationBarBackButtonHidden(true)
                    .toolbarBackground(Color.orange, for: .navigationBar)
                    .toolbarBackground(.visible, for: .navigationBar)
                    .toolbar(.hidden, for: .tabBar)
                }
            }
            """)
        let screen = try #require(facts.screen("OrderDetailView"))
        #expect(screen.kind == .swiftUIView)
        #expect(screen.superclass == nil)
        #expect(screen.location.line == 3)
        #expect(
            screen.values == [
                .title(.known("Order")), .largeTitleDisplayMode(.known(.never)), .hidesBackButton(.known(true)),
                .appearance(.standard, background: .system("systemOrange")), .appearance(.scrollEdge, background: .unknown),
            ])
        // The period of each modifier: its line is the modifier's.
        #expect(screen.settings.map(\.location.line) == [9, 10, 11, 12, 13])
        #expect(screen.settings.first?.location.column == 9)
    }

    @Test func toolbarItemsBySide() throws {
        let facts = read(
            """
            struct EditProfileView: View {
                @Environment(\\.dismiss) private var dismiss
                var body: some View {
                    Form { nameField }
                        .navigationBarTitle(Text("Edit Profile"), displayMode: .large)
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) {
                                Button("Cancel") { dismiss() }
                            }
                            ToolbarItemGroup(placement: .topBarTrailing) {
                                Button { save() } label: { Image(systemName: "checkmark") }
                                EditButton()
                            }
                            ToolbarItem(placement: .principal) { Text("Profile").bold() }
                            ToolbarItem(placement: .bottomBar) { Text("Saved") }
                        }
                }
            }
            """)
        let screen = try #require(facts.screen("EditProfileView"))
        #expect(screen.values.count == 7)
        #expect(screen.values[0] == .title(.known("Edit Profile")))
        #expect(screen.values[1] == .prefersLargeTitles(.known(true)))
        #expect(screen.values[2] == .largeTitleDisplayMode(.known(.always)))
        var values = screen.values
        values.remove(at: 2)
        let left = values[2].items
        #expect(left.map(\.content) == [.title(.known("Cancel"))])
        #expect(left.map(\.hasAction) == [.known(true)])
        #expect(left.first?.location.line == 8)
        // SwiftUI keeps the back button beside leading items.
        #expect(values[3] == .leftItemsSupplementBackButton(.known(true)))
        #expect(screen.settings[3].location.line == 7)
        #expect(values[4].items.map(\.content) == [.image("checkmark"), .system("edit")])
        #expect(values[5] == .titleView(.unknown))
    }

    @Test func navigationBarItemsOfOlderCode() throws {
        let facts = read(
            """
            struct LegacyListView: View {
                var body: some View {
                    List { rows }
                        .navigationBarItems(leading: Button(action: close) { Image(systemName: "xmark") }, trailing: HStack {
                            Button("Add", action: add)
                            Button("Sort", action: sort)
                        })
                }
            }
            """)
        let screen = try #require(facts.screen("LegacyListView"))
        #expect(screen.values[0].items.map(\.content) == [.image("xmark")])
        #expect(screen.values[1] == .leftItemsSupplementBackButton(.known(true)))
        #expect(screen.values[2].items.map(\.content) == [.title(.known("Add")), .title(.known("Sort"))])
    }

    @Test func linksDestinationsAndStacks() throws {
        let facts = read(
            """
            struct LibraryView: View {
                @State private var showsSettings = false
                var body: some View {
                    NavigationStack {
                        List(books) { book in
                            NavigationLink(destination: BookView(book: book)) { Text(book.title) }
                            NavigationLink("Authors", destination: AuthorsView().navigationTitle("Authors"))
                            NavigationLink {
                                ReviewsView(book: book)
                            } label: {
                                Text("Reviews")
                            }
                            NavigationLink(value: book) { Text(book.title) }
                        }
                        .navigationDestination(for: Book.self) { book in
                            BookView(book: book)
                                .navigationBarBackButtonHidden()
                        }
                        .sheet(isPresented: $showsSettings) { SettingsView() }
                        .navigationTitle("Library")
                    }
                }
            }
            """)
        let edges = facts.edges.map { "\($0.kind) \($0.from ?? "-") \($0.to)" }
        #expect(
            edges == [
                "root - className(\"LibraryView\")",
                "navigationLink LibraryView className(\"BookView\")",
                "navigationLink LibraryView className(\"AuthorsView\")",
                "navigationLink LibraryView className(\"ReviewsView\")",
                "navigationLink LibraryView className(\"BookView\")",
                "present LibraryView className(\"SettingsView\")",
            ])
        #expect(facts.edges[1].location.line == 6)
        #expect(facts.edges[1].location.column == 17)
        // Modifiers inside a destination belong to the screen it shows, not to the view that links to it.
        #expect(facts.screen("LibraryView")?.values == [.title(.known("Library"))])
        #expect(facts.screens.map(\.name) == ["LibraryView", "AuthorsView", "BookView"])
        #expect(facts.screen("AuthorsView")?.values == [.title(.known("Authors"))])
        #expect(facts.screen("BookView")?.values == [.hidesBackButton(.known(true))])
    }

    @Test func aStackWhoseRootIsANamedView() throws {
        let facts = read(
            """
            @main
            struct ShopApp: App {
                var body: some Scene {
                    WindowGroup {
                        NavigationStack {
                            CatalogView()
                                .navigationTitle("Catalog")
                        }
                        .tint(.purple)
                    }
                }
            }
            """)
        #expect(facts.edges.map(\.to) == [.className("CatalogView")])
        #expect(facts.edges.first?.from == nil)
        // The root's modifiers written at the stack belong to the root.
        #expect(facts.screens.map(\.name) == ["CatalogView"])
        #expect(facts.screen("CatalogView")?.values == [.title(.known("Catalog"))])
    }

    @Test func inlineDestinationsHaveNoScreenToGiveSettingsTo() throws {
        let facts = read(
            """
            struct SettingsListView: View {
                var body: some View {
                    List {
                        NavigationLink("About") {
                            Form { Text("Version 1") }
                                .navigationTitle("About")
                                .navigationBarBackButtonHidden(true)
                        }
                    }
                    .navigationTitle("Settings")
                }
            }
            """)
        #expect(facts.screens.map(\.name) == ["SettingsListView"])
        #expect(facts.screen("SettingsListView")?.values == [.title(.known("Settings"))])
        #expect(facts.edges.map(\.to) == [.unknown])
    }

    @Test func viewsWithoutNavigationAreNotScreens() {
        let facts = read(
            """
            struct BadgeView: View {
                var count: Int
                var body: some View { Text("\\(count)").padding().background(Color.red) }
            }
            struct Point { var x = 0 }
            """)
        #expect(facts.screens.isEmpty)
        #expect(facts.classes.isEmpty)
    }

    @Test func swiftUIColours() throws {
        let facts = read(
            """
            struct ThemeView: View {
                var body: some View {
                    content
                        .toolbarBackground(Color("Brand"), for: .navigationBar)
                        .toolbarBackground(Color(red: 1, green: 0.5, blue: 0), for: .navigationBar)
                        .toolbarBackground(Color(uiColor: .systemBackground), for: .navigationBar)
                        .toolbarBackground(.blue, for: .navigationBar, .tabBar)
                        .toolbarBackground(.ultraThinMaterial, for: .navigationBar)
                }
            }
            """)
        let backgrounds = facts.screen("ThemeView")?.values.compactMap { value -> ColorValue? in
            if case .appearance(.standard, let background) = value { return background }
            return nil
        }
        #expect(
            backgrounds == [
                .asset("Brand"), .literal(Color(red: 1, green: 0.5, blue: 0)), .system("systemBackground"), .system("systemBlue"), .unknown,
            ])
    }

    @Test func literalsWrittenAsLocalisationKeysAreUnknown() throws {
        let facts = read(
            """
            struct KeysView: View {
                var body: some View {
                    Form { rows }
                        .navigationTitle("settings.about.title")
                        .navigationTitle(Text("Inbox"))
                        .navigationTitle(Text(verbatim: "raw.text"))
                        .navigationTitle("nav_title")
                        .toolbar {
                            ToolbarItem(placement: .confirmationAction) { Button("action.save") { save() } }
                            ToolbarItem(placement: .topBarTrailing) { Button(title) { save() } }
                        }
                }
            }
            """)
        let screen = try #require(facts.screen("KeysView"))
        #expect(
            Array(screen.values.prefix(4)) == [.title(.unknown), .title(.known("Inbox")), .title(.known("raw.text")), .title(.unknown)])
        #expect(screen.values.last?.items.map(\.content) == [.title(.unknown), .title(.unknown)])
    }

    @Test func previewsAreNotTheAppsNavigation() {
        let facts = read(
            """
            struct PreviewedView: View {
                var body: some View { Text("Hi") }
            }

            struct PreviewedView_Previews: PreviewProvider {
                static var previews: some View {
                    NavigationView { PreviewedView().navigationBarTitle(Text("")) }
                }
            }

            #Preview {
                NavigationStack { PreviewedView().navigationTitle("Preview") }
            }
            """)
        #expect(facts.screens.isEmpty)
        #expect(facts.edges.isEmpty)
    }
}

@Suite("SwiftUI large titles and search")
struct SwiftUILargeTitleTests {
    @Test("searchable puts a search field in the bar; navigationBarDrawer(displayMode: .always) keeps it (GEO-16)")
    func searchable() throws {
        let facts = read(
            """
            struct ContactsView: View {
                @State private var query = ""
                var body: some View {
                    List { rows }
                        .navigationTitle("Contacts")
                        .searchable(text: $query, placement: .navigationBarDrawer(displayMode: .always))
                }
            }
            struct ChatsView: View {
                @State private var query = ""
                var body: some View {
                    List { rows }
                        .searchable(text: $query, placement: .navigationBarDrawer(displayMode:.always))
                }
            }
            struct MailView: View {
                @State private var query = ""
                var body: some View {
                    List { rows }
                        .searchable(text: $query, placement: .navigationBarDrawer(displayMode: .automatic))
                }
            }
            struct NotesView: View {
                @State private var query = ""
                var body: some View {
                    List { rows }
                        .searchable(text: $query)
                        .toolbarTitleDisplayMode(.automatic)
                }
            }
            """)
        #expect(
            facts.screen("ContactsView")?.values == [
                .title(.known("Contacts")), .searchController(.known(true)), .hidesSearchBarWhenScrolling(.known(false)),
            ])
        #expect(facts.screen("ChatsView")?.values == [.searchController(.known(true)), .hidesSearchBarWhenScrolling(.known(false))])
        #expect(facts.screen("MailView")?.values == [.searchController(.known(true))])
        #expect(facts.screen("NotesView")?.values == [.searchController(.known(true))])
    }
}

@Suite("SwiftUI toolbar placements")
struct SwiftUIToolbarPlacementTests {
    @Test("no placement, .automatic and bare views go to the trailing end on iOS; spacers and unknown placements add nothing")
    func automaticIsTrailing() throws {
        let facts = read(
            """
            struct InboxView: View {
                var body: some View {
                    List { rows }
                        .toolbar {
                            Button("Compose") { compose() }
                            ToolbarItem { EditButton() }
                            ToolbarSpacer(.fixed)
                            ToolbarItem(placement: .automatic) { Button("Filter") { filter() } }
                            ToolbarItem(placement: chosenPlacement) { Button("Maybe") { maybe() } }
                            ToolbarItem(placement: .bottomBar) { Text("Updated") }
                        }
                }
            }
            """)
        let screen = try #require(facts.screen("InboxView"))
        #expect(screen.values.count == 1)
        #expect(
            screen.values.first?.items.map(\.content) == [.title(.known("Compose")), .system("edit"), .title(.known("Filter"))])
    }
}
