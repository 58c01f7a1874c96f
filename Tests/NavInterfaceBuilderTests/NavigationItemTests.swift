import NavModel
import NavSource
import Testing

@testable import NavInterfaceBuilder

@Suite("Navigation items")
struct NavigationItemTests {
    let file = "Profile.storyboard"

    @Test func theNavigationItemsAttributesAreSettingsAtItsStartTag() throws {
        let profile = try #require(try Fixture.read(file).screen("ProfileViewController"))
        let item = at(file, 37, 21)
        #expect(
            Array(profile.settings.prefix(5)) == [
                Setting(.itemTitle(.known("Profile")), at: item),
                Setting(.hidesBackButton(.known(true)), at: item),
                Setting(.leftItemsSupplementBackButton(.known(true)), at: item),
                Setting(.backButtonTitle(.known("Me")), at: item),
                Setting(.backButtonDisplayMode(.known(.minimal)), at: item),
            ])
    }

    @Test func aBackItemWithoutConnectionsHasNoAction() throws {
        let profile = try #require(try Fixture.read(file).screen("ProfileViewController"))
        let back = ItemDraft(content: .title(.known("")), hasAction: .known(false), location: at(file, 38, 25))
        #expect(profile.settings.contains(Setting(.backItem(back), at: at(file, 38, 25))))
    }

    @Test func aBackItemsActionConnectionIsItsTargetAndAction() throws {
        let inbox = try #require(try Fixture.read("Mail.storyboard").screen("InboxViewController"))
        let back = ItemDraft(
            content: .title(.known("Mail")), hasAction: .known(true), action: "didTapBack:", location: at("Mail.storyboard", 69, 25))
        #expect(inbox.settings.contains(Setting(.backItem(back), at: at("Mail.storyboard", 69, 25))))
    }

    @Test func leftItemsCollectionIsOneSettingWithEachItemWhereItIsBuilt() throws {
        let profile = try #require(try Fixture.read(file).screen("ProfileViewController"))
        let expected = Setting(
            .leftItems([
                ItemDraft(content: .title(.known("Close")), hasAction: .known(true), action: "close:", location: at(file, 40, 29)),
                ItemDraft(content: .image("line.3.horizontal"), location: at(file, 45, 29)),
                ItemDraft(content: .system("cancel"), location: at(file, 46, 29)),
            ]), at: at(file, 39, 25))
        #expect(profile.settings.contains(expected))
    }

    @Test func rightItemsCoverCustomViewsSpacesAndUntitledItems() throws {
        let profile = try #require(try Fixture.read(file).screen("ProfileViewController"))
        let expected = Setting(
            .rightItems([
                // The button's own touch-up action is the view's, not the item's.
                ItemDraft(
                    content: .customView(
                        CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 30, height: 28)), takesTouches: .known(true))),
                    location: at(file, 49, 29)),
                ItemDraft(content: .fixedSpace(.known(-12)), location: at(file, 59, 29)),
                ItemDraft(content: .flexibleSpace, location: at(file, 60, 29)),
                // Interface Builder leaves out a zero width.
                ItemDraft(content: .fixedSpace(.known(0)), location: at(file, 61, 29)),
                ItemDraft(
                    content: .customView(CustomViewDraft(viewClass: "AvatarView", size: .known(Size(width: 36, height: 36)))),
                    location: at(file, 62, 29)),
                // No title, image or system item: nothing a rule can read.
                ItemDraft(content: .unknown, location: at(file, 68, 29)),
            ]), at: at(file, 48, 25))
        #expect(profile.settings.contains(expected))
    }

    /// The touch evidence of a right item's custom view, given as the view's element.
    func takesTouches(_ customView: String) throws -> Known<Bool> {
        let text = storyboard(
            scene(
                "T1",
                """
                        <viewController id="T1-vc" customClass="TouchViewController" sceneMemberID="viewController">
                            <navigationItem key="navigationItem" title="Touch" id="T1-ni">
                                <barButtonItem key="rightBarButtonItem" id="T1-bi">
                \(customView)
                                </barButtonItem>
                            </navigationItem>
                        </viewController>
                """))
        let screen = try #require(read(text).screen("TouchViewController"))
        for setting in screen.settings {
            if case .rightItems(let items) = setting.value, case .customView(let view)? = items.first?.content { return view.takesTouches }
        }
        Issue.record("no custom view item")
        return .unknown
    }

    @Test func aSpinnerInAPlainViewTakesNoTouchWithAnOutletOrNot() throws {
        // A spinner shown while a form signs in: a plain view, the indicator inside, an outlet to it elsewhere.
        #expect(
            try takesTouches(
                """
                <view key="customView" contentMode="scaleToFill" id="T1-cv">
                    <rect key="frame" x="354" y="12" width="36" height="20"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <subviews>
                        <activityIndicatorView opaque="NO" contentMode="scaleToFill" style="medium" translatesAutoresizingMaskIntoConstraints="NO" id="T1-ai">
                            <rect key="frame" x="8" y="0" width="20" height="20"/>
                        </activityIndicatorView>
                    </subviews>
                    <color key="backgroundColor" white="0.0" alpha="0.0" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </view>
                """) == .known(false))
        #expect(try takesTouches(#"<activityIndicatorView key="customView" style="medium" id="T1-ai"/>"#) == .known(false))
        #expect(
            try takesTouches(
                #"<label key="customView" text="Saved" id="T1-l"><rect key="frame" x="0" y="0" width="40" height="20"/></label>"#)
                == .known(false))
    }

    @Test func aControlAnActionOrGestureRecognizersInsideTakeTouches() throws {
        #expect(
            try takesTouches(
                """
                <view key="customView" contentMode="scaleToFill" id="T1-cv">
                    <rect key="frame" x="0" y="0" width="40" height="30"/>
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="T1-b">
                            <rect key="frame" x="0" y="0" width="40" height="30"/>
                        </button>
                    </subviews>
                </view>
                """) == .known(true))
        #expect(
            try takesTouches(
                """
                <imageView key="customView" userInteractionEnabled="YES" contentMode="scaleAspectFit" id="T1-iv">
                    <rect key="frame" x="0" y="0" width="30" height="30"/>
                    <connections>
                        <outletCollection property="gestureRecognizers" destination="T1-tap" appends="YES" id="T1-oc"/>
                    </connections>
                </imageView>
                """) == .known(true))
    }

    @Test func userInteractionOffStopsEveryTouchWhateverIsInside() throws {
        #expect(
            try takesTouches(
                """
                <view key="customView" userInteractionEnabled="NO" contentMode="scaleToFill" id="T1-cv">
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="T1-b"/>
                    </subviews>
                </view>
                """) == .known(false))
    }

    @Test func aCustomClassOrAViewThisReaderDoesNotJudgeLeavesItUnknown() throws {
        #expect(try takesTouches(#"<view key="customView" customClass="AvatarView" id="T1-cv"/>"#) == .unknown)
        #expect(
            try takesTouches(
                """
                <view key="customView" contentMode="scaleToFill" id="T1-cv">
                    <subviews>
                        <label text="3" customClass="BadgeLabel" id="T1-bl"/>
                    </subviews>
                </view>
                """) == .unknown)
        #expect(
            try takesTouches(
                #"<view key="customView" id="T1-cv"><subviews><wkWebView id="T1-wv"/></subviews></view>"#) == .unknown)
    }

    @Test func aTitleViewGivesItsFramesSizeWhenItHasOne() throws {
        let facts = try Fixture.read(file)
        let profile = try #require(facts.screen("ProfileViewController"))
        #expect(profile.settings.contains(Setting(.titleView(.known(Size(width: 180, height: 32))), at: at(file, 70, 25))))
        // A label as title view, without a frame of its own.
        let edit = try #require(facts.screen("Profile.storyboard#Ed3-Fk-7dZ"))
        #expect(edit.settings.contains(Setting(.titleView(.unknown), at: at(file, 109, 25))))
    }

    @Test func singleLeftAndRightItemsAreOneItemLists() throws {
        let edit = try #require(try Fixture.read(file).screen("Profile.storyboard#Ed3-Fk-7dZ"))
        #expect(
            edit.settings == [
                Setting(.backButtonDisplayMode(.known(.generic)), at: at(file, 102, 21)),
                Setting(
                    .leftItems([ItemDraft(content: .system("done"), hasAction: .known(true), action: "save:", location: at(file, 103, 25))]
                    ),
                    at: at(file, 103, 25)),
                Setting(.rightItems([ItemDraft(content: .image("gear"), location: at(file, 108, 25))]), at: at(file, 108, 25)),
                Setting(.titleView(.unknown), at: at(file, 109, 25)),
            ])
    }

    @Test func theNavigationItemsAppearancesAreSettingsOfItsScreen() throws {
        let profile = try #require(try Fixture.read(file).screen("ProfileViewController"))
        // `tableCellGroupedBackgroundColor` is not in UIKit's palette table: the file's own copy of it stands in.
        #expect(
            profile.settings.contains(
                Setting(
                    .appearance(
                        .standard,
                        background: .literal(
                            Color(red: 0.980_392_156_862_745_06, green: 0.980_392_156_862_745_06, blue: 0.980_392_156_862_745_06))),
                    at: at(file, 79, 25))))
        #expect(
            profile.settings.contains(
                Setting(.appearance(.scrollEdge, background: .system("secondarySystemBackground")), at: at(file, 82, 25))))
    }

    @Test func aNavigationItemOfABarInsideAViewIsNotTheScreens() throws {
        // The Message scene has a navigation bar of its own among its subviews, with an item and a tint.
        let message = try #require(try Fixture.read("Mail.storyboard").screen("Mail.storyboard#Qa1-Mx-7Tn"))
        #expect(message.values == [.itemTitle(.known("Message"))])
    }

    @Test func explicitNoValuesAreKnownFalseAndUnknownModesAreUnknown() {
        let facts = read(
            storyboard(
                scene(
                    "Nn1-sc",
                    """
                    <viewController id="Nn1-vc" customClass="PlainViewController" sceneMemberID="viewController">
                        <navigationItem key="navigationItem" hidesBackButton="NO" leftItemsSupplementBackButton="NO" \
                    backButtonDisplayMode="compact" id="Nn1-ni"/>
                    </viewController>
                    """)))
        #expect(
            facts.screen("PlainViewController")?.values == [
                .hidesBackButton(.known(false)), .leftItemsSupplementBackButton(.known(false)), .backButtonDisplayMode(.unknown),
            ])
    }

    @Test func aPropertyOfTheControllerNamedLikeAnItemsIsNoSetting() {
        // `hidesBackButton` as a runtime attribute sets the custom class's own property, not the navigation item's.
        let facts = read(
            storyboard(
                scene(
                    "Pp1-sc",
                    """
                    <viewController id="Pp1-vc" customClass="WizardViewController" sceneMemberID="viewController">
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="boolean" keyPath="hidesBackButton" value="YES"/>
                            <userDefinedRuntimeAttribute type="string" keyPath="title" value="Step"/>
                        </userDefinedRuntimeAttributes>
                    </viewController>
                    """)))
        #expect(facts.problems.isEmpty)
        #expect(facts.screen("WizardViewController")?.settings == [])
    }

    @Test func entitiesInTitlesAreDecoded() {
        let facts = read(
            storyboard(
                scene(
                    "En1-sc",
                    """
                    <viewController title="Q&amp;A &lt;FAQ&gt;" id="En1-vc" customClass="FAQViewController" sceneMemberID="viewController">
                        <navigationItem key="navigationItem" title="&quot;Help&quot; &#x2192; Q&amp;A" id="En1-ni"/>
                    </viewController>
                    """)))
        #expect(facts.screen("FAQViewController")?.values == [.title(.known("Q&A <FAQ>")), .itemTitle(.known("\"Help\" → Q&A"))])
    }

    @Test("largeTitleDisplayMode on the navigation item, as Xcode writes it (GEO-13)")
    func largeTitleDisplayMode() {
        let facts = read(
            storyboard(
                scene(
                    "Lt1-sc",
                    """
                    <viewController id="Lt1-vc" customClass="ProgressViewController" sceneMemberID="viewController">
                        <navigationItem key="navigationItem" title="Progress" leftItemsSupplementBackButton="YES" \
                    largeTitleDisplayMode="always" id="Lt1-ni"/>
                    </viewController>
                    <viewController id="Lt2-vc" customClass="DetailViewController" sceneMemberID="viewController">
                        <navigationItem key="navigationItem" largeTitleDisplayMode="sometimes" id="Lt2-ni"/>
                    </viewController>
                    """)))
        #expect(
            facts.screen("ProgressViewController")?.values == [
                .itemTitle(.known("Progress")), .leftItemsSupplementBackButton(.known(true)), .largeTitleDisplayMode(.known(.always)),
            ])
        #expect(facts.screen("DetailViewController")?.values == [.largeTitleDisplayMode(.unknown)])
    }
}
