import NavModel
import NavSource
import Testing

@testable import NavSwift

/// A small shop app shaped like real ones: a base view controller with a custom back arrow, a navigation
/// controller subclass that restores the swipe behind a guard, a back-button handler category, a SwiftUI
/// cart pushed through a hosting controller, and a scene delegate with appearance proxies.
@Suite("Fixture app")
struct FixtureAppTests {
    static func read(_ name: String) throws -> SourceFacts {
        let facts = try Fixture.read("ShopApp/\(name)")
        #expect(facts.problems.isEmpty, "\(name): \(facts.problems)")
        return facts
    }

    @Test func baseViewControllerGivesPushedScreensACustomBack() throws {
        let facts = try Self.read("BaseViewController.swift")
        let screen = try #require(facts.screen("BaseViewController"))
        #expect(screen.superclass == "UIViewController")
        #expect(screen.values.count == 2)
        #expect(screen.values[0] == .backButtonDisplayMode(.known(.minimal)))
        let back = try #require(screen.values[1].items.first)
        #expect(back.content == .customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 32, height: 32)))))
        #expect(back.location.line == 13)
        #expect(screen.settings[1].location.line == 21)
    }

    @Test func navigationControllerRestoresTheSwipeBehindAGuard() throws {
        let facts = try Self.read("MainNavigationController.swift")
        let screen = try #require(facts.screen("MainNavigationController"))
        let navy = ColorValue.literal(Color(red: 0.07, green: 0.36, blue: 0.55))
        // The appearance's title colour comes as the bar's: the nearest setting there is.
        #expect(
            screen.values == [
                .popGestureDelegate(.this), .appearance(.standard, background: navy), .bar(.titleColor, .system("white")),
                .appearance(.scrollEdge, background: navy), .bar(.titleColor, .system("white")), .bar(.tintColor, .system("white")),
            ])
        #expect(screen.hooks.map(\.kind) == [.gestureShouldBegin])
        #expect(facts.edges.isEmpty)
    }

    @Test func productListPushesAndPresents() throws {
        let facts = try Self.read("ProductListViewController.swift")
        let screen = try #require(facts.screen("ProductListViewController"))
        #expect(screen.superclass == "BaseViewController")
        #expect(screen.values.first == .title(.known("Products")))
        let items = screen.values[1].items
        #expect(items.map(\.content) == [.image("cart"), .system("edit")])
        // The target and action are set after the item is built.
        #expect(items.map(\.hasAction) == [.known(true), .known(true)])
        #expect(
            facts.edges.map(\.to) == [
                .className("ProductDetailViewController"), .className("CartView"), .className("UINavigationController"),
                .className("FiltersViewController"),
            ])
        #expect(facts.edges.map(\.kind) == [.push, .push, .present, .root])
        #expect(
            facts.edges.map(\.from) == [
                "ProductListViewController", "ProductListViewController", "ProductListViewController", "UINavigationController",
            ])
    }

    @Test func productDetailExtensionSetsTheTitleView() throws {
        let facts = try Self.read("ProductDetailViewController.swift")
        #expect(facts.screens.map(\.name) == ["ProductDetailViewController", "ProductDetailViewController"])
        let ext = facts.screens[1]
        #expect(ext.superclass == nil)
        #expect(
            ext.values.prefix(2) == [
                .titleView(.known(Size(width: 96, height: 24))), .backButtonTitle(.unknown),
            ])
        #expect(ext.values[2].items.map(\.content) == [.system("action"), .fixedSpace(.known(8))])
        #expect(facts.edges.map(\.to) == [.className("UIActivityViewController")])
        #expect(facts.edges.first?.kind == .present)
    }

    @Test func swiftUICartAndCheckout() throws {
        let facts = try Self.read("CartView.swift")
        #expect(facts.screens.map(\.name) == ["CartView", "CheckoutView"])
        let cart = try #require(facts.screen("CartView"))
        #expect(cart.kind == .swiftUIView)
        #expect(cart.values.first == .title(.known("Cart")))
        #expect(cart.values.last?.items.map(\.content) == [.title(.known("Clear"))])
        #expect(facts.edges.map(\.to) == [.className("CheckoutView")])
        #expect(facts.edges.first?.kind == .navigationLink)
        #expect(facts.screen("CheckoutView")?.values == [.title(.known("Checkout")), .hidesBackButton(.unknown)])
    }

    @Test func sceneDelegateRootAndAppearance() throws {
        let facts = try Self.read("SceneDelegate.swift")
        #expect(facts.screens.isEmpty)
        #expect(facts.edges.map(\.to) == [.className("ProductListViewController")])
        // The navigation controller that roots the list is the edge's origin: its bar settings reach the list.
        #expect(facts.edges.first?.from == "MainNavigationController")
        #expect(
            facts.appWide.map(\.value) == [
                .bar(.barTintColor, .asset("BrandBlue")), .backTitleOffset(.known(Point(x: -4, y: 0))),
            ])
        #expect(facts.directives == [Directive(kind: .disableNext, codes: ["bar-tint-ignored"], line: 16)])
    }

    @Test func backHandlerCategory() throws {
        let facts = try Self.read("UINavigationController+BackHandler.swift")
        #expect(facts.screens.map(\.name) == ["UINavigationController"])
        #expect(facts.screens.first?.hooks.map(\.kind) == [.shouldPop])
    }
}
