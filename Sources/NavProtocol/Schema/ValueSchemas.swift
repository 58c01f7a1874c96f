import JSONCore
import NavModel

// The schemas of the values many methods share (docs/protocol.md, "Values" and "The model"), each written
// beside nothing but its own coding: ModelCoding, ScreenCoding, ConfigCoding, LayoutCoding, ViewCoding.

extension Point: NamedSchema {
    public static let schemaName = "Point"
    public static var schema: Schema { .object([.required("x", .number), .required("y", .number)]) }
}

extension Size: NamedSchema {
    public static let schemaName = "Size"
    public static var schema: Schema {
        .object([.required("width", .number(min: 0)), .required("height", .number(min: 0))])
    }
}

extension Rect: NamedSchema {
    public static let schemaName = "Rect"
    public static var schema: Schema {
        .object([
            .required("x", .number), .required("y", .number), .required("width", .number(min: 0)),
            .required("height", .number(min: 0)),
        ])
    }
}

extension EdgeInsets: NamedSchema {
    public static let schemaName = "EdgeInsets"
    public static var schema: Schema {
        .object([.optional("top", .number), .optional("left", .number), .optional("bottom", .number), .optional("right", .number)])
    }
}

extension Color: NamedSchema {
    public static let schemaName = "Color"
    public static var schema: Schema {
        .anyOf([
            Schema.string.described(
                "\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", \"rgb(r,g,b)\", \"rgba(r,g,b,a)\" or a UIKit system colour name with an optional \":dark\"; results write \"#RRGGBB\" or \"#RRGGBBAA\""
            ),
            .object([
                .required("r", .number(min: 0, max: 1)), .required("g", .number(min: 0, max: 1)),
                .required("b", .number(min: 0, max: 1)), .optional("a", .number(min: 0, max: 1)),
            ]),
        ])
    }
}

// MARK: Screens

extension Screen: NamedSchema {
    public static let schemaName = "Screen"
    public static var schema: Schema {
        .object([
            .patch("id", .string, "unique on the stack; generated (screen-N) when omitted"),
            .patch("title", .nullable(.string)),
            .patch("item", .ref(NavigationItem.self)),
            .patch("backAction", .enumeration(Screen.BackAction.self)),
            .patch("showsPreviousTitle", .boolean),
            .patch("backStyle", .nullable(.object([.patch("title", .nullable(.string)), .patch("color", .nullable(.ref(Color.self)))]))),
            .patch("bar", .nullable(.ref(BarAppearance.self))),
            .patch("popGesture", .enumeration(Screen.PopGesture.self)),
            .patch("scrolled", .boolean, "the content is scrolled from its top: a large title collapses, a search field may hide"),
        ])
    }
}

extension NavigationItem: NamedSchema {
    public static let schemaName = "NavigationItem"
    public static var schema: Schema {
        .object([
            .patch("title", .nullable(.string)),
            .patch("titleView", .nullable(.ref(Size.self))),
            .patch("leftItems", .array(.ref(BarItem.self))),
            .patch("rightItems", .array(.ref(BarItem.self))),
            .patch(
                "backItem",
                .nullable(
                    .object([
                        .patch("title", .nullable(.string)), .patch("image", .nullable(.ref(Size.self))),
                        .patch("action", .enumeration(BackItem.Action.self)),
                    ]))),
            .patch("backButtonTitle", .nullable(.string)),
            .patch("backButtonDisplayMode", .enumeration(NavigationItem.BackButtonDisplayMode.self)),
            .patch("hidesBackButton", .boolean),
            .patch("leftItemsSupplementBackButton", .boolean),
            .patch("largeTitleDisplayMode", .enumeration(NavigationItem.LargeTitleDisplayMode.self)),
            .patch(
                "search", .nullable(.object([.patch("hidesWhenScrolling", .boolean)])),
                "the integrated search field (searchController); null: none"),
        ])
    }
}

extension BarItem: NamedSchema {
    public static let schemaName = "BarItem"
    public static var schema: Schema {
        Schema.object([
            .optional("id", .string, "unique per side; generated (left-N, right-N) when omitted"),
            .optional("title", .string), .optional("image", .ref(Size.self)), .optional("system", .string),
            .optional("customView", .ref(CustomView.self)),
            .optional("enabled", .boolean), .optional("hidden", .boolean), .optional("width", .nullable(.number(min: 0))),
        ]).described("exactly one of title, image, system, customView")
    }
}

extension CustomView: NamedSchema {
    public static let schemaName = "CustomView"
    public static var schema: Schema {
        .object([
            .optional("width", .number(min: 0)), .optional("height", .number(min: 0)), .optional("offset", .ref(Point.self)),
            .optional("touchPolicy", .enumeration(CustomView.TouchPolicy.self)), .optional("hitInsets", .ref(EdgeInsets.self)),
        ])
    }
}

extension BarAppearance: NamedSchema {
    public static let schemaName = "BarAppearance"
    public static var schema: Schema {
        .object([
            .patch("barTintColor", .nullable(.ref(Color.self))),
            .patch("gradient", .nullable(.array(.ref(Color.self)))),
            .patch("tintColor", .nullable(.ref(Color.self))),
            .patch("titleColor", .nullable(.ref(Color.self))),
            .patch("translucent", .boolean),
            .patch("hidden", .boolean),
            .patch("backIndicator", .nullable(.ref(Size.self))),
            .patch("prefersLargeTitles", .nullable(.boolean), "null: as the session-wide bar says (false when unset)"),
            .patch(
                "presentation", .nullable(.enumeration(BarAppearance.Presentation.self)),
                "how the bar's navigation controller is shown: pageSheet draws a page sheet's 56-pt bar (ios13 to ios17, a phone in portrait); null: as the session-wide bar says (fullScreen when unset)"
            ),
        ])
    }
}

// MARK: Configuration

extension Device: NamedSchema {
    public static let schemaName = "Device"
    public static var schema: Schema {
        .object([
            .patch("preset", .nullable(.oneOf(DevicePreset.all.map(\.name))), "a real device (docs/devices.md)"),
            .patch("width", .number(min: 1, max: 10_000)), .patch("height", .number(min: 1, max: 10_000)),
            .patch("statusBarHeight", .number(min: 0, max: 1_000)), .patch("scale", .number(min: 1, max: 4)),
        ])
    }
}

extension Policies: NamedSchema {
    public static let schemaName = "Policies"
    public static var schema: Schema {
        .object([
            .patch("emptyBackTitles", .boolean),
            .patch("backInterception", .enumeration(BackInterception.self)),
            .patch("popGesture", .enumeration(PopGestureMode.self)),
            .patch("popEdgeWidth", .number(min: 0, max: 10_000)),
            .patch("popMaxStartX", .number(min: 0, max: 10_000)),
            .patch("forwardOutsideTouches", .boolean),
            .patch(
                "touchSlop",
                .anyOf([.null, .constant(false), .object([.patch("above", .number(min: 0)), .patch("below", .number(min: 0))])]),
                "null: the profile's default; false: off; {above, below}: on"), .patch("tintMethod", .enumeration(TintMethod.self)),
            .patch("tintThreshold", .number(min: 0, max: 1)), .patch("backTitleSnapshot", .boolean),
            .patch(
                "foreground", .enumeration(ForegroundPolicy.self),
                "uikit: UIKit's default item and title colours; automatic: black or white by tintMethod"),
            .patch(
                "defaultTintContrast", .number(min: 1, max: 21),
                "the contrast low-contrast holds UIKit's default tint to on a bar colour the app chose"),
            .patch("stickyBackTitle", .boolean),
            .patch("emptyBackItemTitle", .enumeration(EmptyTitle.self)),
            .patch("emptyBackButtonTitle", .enumeration(EmptyTitle.self)),
            .patch("emptyScreenTitle", .enumeration(EmptyTitle.self)),
            .patch("glassEmptyBackItemHides", .boolean),
            .patch("alphaRule", .enumeration(AlphaRule.self)),
            .patch("maskOutside", .enumeration(MaskOutside.self)),
            .patch("supplementKeepsPopGesture", .boolean),
            .patch("minimalBackButtonWidth", .number(min: 29, max: 44)),
            .patch("glassBarHeight", .number(min: 44, max: 54)),
            .patch("compactBarHeight", .number(min: 20, max: 44)),
            .patch("backTitleRoom", .enumeration(BackTitleRoom.self)),
            .patch("glassItemSpacing", .number(min: 6, max: 16)),
            .patch("backButtonEnd", .enumeration(BackButtonEnd.self)),
            .patch("textMetrics", .enumeration(TextMetricsSetting.self)),
            .patch("largeTitleRowHeight", .number(min: 44, max: 60)),
            .patch("searchRowHeight", .number(min: 44, max: 60)),
            .patch("touchTargetTolerance", .number(min: 0, max: 10)),
            .patch(
                "textFont",
                .object(
                    [
                        .required("file", .string, "the font file (.ttf, .otf, .ttc); in a document, relative to its folder"),
                        .optional("face", .anyOf([.integer(min: 0), .string]), "a collection's face: its index or its name"),
                    ], closed: true),
                "null: no font file (the calibrated tables of textMetrics); else text widths from this font"),
            .patch(
                "textWidths",
                .array(
                    .object(
                        [
                            .required("text", .string),
                            .required(
                                "style", .enumeration(TextWidths.Style.self),
                                "title: 17-pt semibold; button: the back title and text items, 17-pt regular; largeTitle: 34-pt bold"),
                            .required("width", .number(min: 0, max: 10_000), "points, as drawn"),
                        ], closed: true)),
                "widths of texts as a device drew them, which replace the model's measure of those texts; null: none"),
        ])
    }
}

extension SessionConfig {
    /// The configuration members of `session/create` and `session/configure`, all optional (partial).
    public static var schemaProperties: [Schema.Property] {
        [
            .patch("profile", .enumeration(Profile.self)),
            .patch("device", .ref(Device.self)),
            .patch("locale", .string, "a BCP 47 language tag"),
            .patch("appLocalizations", .array(.string)),
            .patch("policies", .ref(Policies.self)),
            .patch("bar", .ref(BarAppearance.self), "the session-wide bar"),
        ]
    }
}

/// The `document` of `session/snapshot` and `session/restore` (docs/documents.md; the full schema is
/// docs/navd-session.schema.json).
public enum SessionDocumentSchema: NamedSchema {
    public static let schemaName = "SessionDocument"
    public static var schema: Schema {
        Schema.object(
            SessionConfig.schemaProperties + [
                .required("format", .constant(.string(SessionDocument.format))),
                .required("formatVersion", .integer),
                .optional("name", .string),
                .optional("screens", .array(.ref(Screen.self))),
                .optional("version", .integer(min: 0)),
                .optional("nextGeneratedId", .integer(min: 0)),
                .optional("coveredSnapshots", .object([])),
            ]
        ).described("a whole session (docs/documents.md; docs/navd-session.schema.json)")
    }
}

// MARK: Hit testing and layout

extension View: NamedSchema {
    public static let schemaName = "View"
    public static var schema: Schema {
        .object([
            .required("class", .string), .optional("id", .string), .required("frame", .ref(Rect.self)),
            .optional("bounds", .ref(Rect.self)), .optional("hidden", .boolean), .optional("alpha", .number),
            .optional("userInteractionEnabled", .boolean), .optional("touchPolicy", .enumeration(View.TouchPolicy.self)),
            .optional("hitInsets", .ref(EdgeInsets.self)), .optional("action", .string),
            .optional("subviews", .array(.ref(View.self)), "back to front"),
        ])
    }
}

extension HitAction: NamedSchema {
    public static let schemaName = "HitAction"
    public static var schema: Schema {
        .anyOf([
            .object([.required("kind", .constant("pop")), .required("to", .string)], closed: true),
            .object([.required("kind", .constant("customBack"))], closed: true),
            .object([.required("kind", .constant("itemAction")), .required("itemId", .string)], closed: true),
            .object([.required("kind", .constant("none"))], closed: true),
        ])
    }
}

extension BarHitResult: NamedSchema {
    public static let schemaName = "HitResult"
    public static var schema: Schema { .object(properties, closed: true) }

    /// The members of a HitResult: bar/hitTest's but `bar`.
    static var properties: [Schema.Property] { BarHitTest.Result.fields.filter { $0.name != "bar" }.flatMap { $0.properties() } }
}

extension BackTitle: NamedSchema {
    public static let schemaName = "BackTitle"
    public static var schema: Schema {
        .object(
            [
                .required("title", .nullable(.string)), .required("display", .enumeration(Display.self)),
                .required("source", .enumeration(Source.self)), .required("truncated", .boolean),
                .required("menu", .array(.string), "the long-press history, nearest first"),
                .optional("image", .ref(Size.self)), .optional("hiddenBecause", .enumeration(HiddenReason.self)),
                .optional("metrics", .ref(MeasuredWith.self), "the font file that measured the text; absent: the calibrated tables"),
                .optional(
                    "givenWidth", .number(min: 0),
                    "the width policies.textWidths gives the shown title, which its fit was judged by; absent: measured"),
            ], closed: true)
    }
}

extension TintResult: NamedSchema {
    public static let schemaName = "TintResult"
    public static var schema: Schema {
        .object(
            [
                .required("background", .ref(Color.self)), .required("foreground", .ref(Color.self)),
                .required("method", .enumeration(Policies.TintMethod.self)), .required("luminance", .number),
                .required("contrast", .object([.required("black", .number), .required("white", .number)], closed: true)),
                .required("source", .enumeration(Source.self)), .optional("declared", .ref(Color.self)),
                .optional(
                    "foregroundPolicy", .enumeration(Policies.ForegroundPolicy.self),
                    "which policy chose foreground and titleColor where nothing forces them"),
                .optional("automaticForeground", .ref(Color.self), "the black or white the automatic rule picks for background"),
                .optional("titleColor", .ref(Color.self), "the bar's title colour"),
            ], closed: true)
    }
}

extension Change: NamedSchema {
    public static let schemaName = "Change"
    public static var schema: Schema {
        .anyOf([
            .object(
                [
                    .required("kind", .constant("stack")), .required("op", .enumeration(StackOp.self)),
                    .required("screens", .array(.string)),
                ],
                closed: true),
            .object(
                [
                    .required("kind", .constant("items")), .required("screenId", .string), .required("title", .nullable(.string)),
                    .required("titleView", .nullable(.ref(Size.self))), .required("leftItems", .array(.ref(BarItem.self))),
                    .required("rightItems", .array(.ref(BarItem.self))),
                ], closed: true),
            .object(
                [
                    .required("kind", .constant("tint")), .required("screenId", .string),
                    .required("barTintColor", .nullable(.ref(Color.self))), .required("foreground", .ref(Color.self)),
                    .optional("foregroundPolicy", .enumeration(Policies.ForegroundPolicy.self)),
                ], closed: true),
            .object(
                [.required("kind", .constant("title")), .required("screenId", .string), .required("backTitle", .ref(BackTitle.self))],
                closed: true),
            .object([.required("kind", .constant("screen")), .required("screenId", .string)], closed: true),
            .object([.required("kind", .constant("config")), .required("fields", .array(.string))], closed: true),
        ])
    }
}
