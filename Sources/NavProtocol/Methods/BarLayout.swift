import JSONCore
import NavModel

/// `bar/layout`: `{sessionId}` → `{bar: Rect, elements:[{kind, id?, frame, visibleFrame, side, text?}]}` for
/// the top screen, plus `screenId`, `profile`, `hidden`, `columns` (era L) and `slop` when on.
public enum BarLayout: RPCMethod {
    public static let name = "bar/layout"
    public static let summary = "The elements of the top screen's bar: their touch frames, drawn frames and sides."
    public static let errors = [ErrorCode.notAllowed]
    public typealias Params = SessionIdParams

    /// An x-column the era-L bar assigns touches by (HT-10).
    public struct Column: Sendable, Hashable, WireObject {
        public var frame = Rect(x: 0, y: 0, width: 0, height: 0)
        /// What the column's touches reach, e.g. `"backButton"`, `"item:save"`.
        public var target = ""
        public init() {}
        public init(frame: Rect, target: String) {
            self.frame = frame
            self.target = target
        }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [.required("frame", \.frame), .required("target", \.target)]
    }

    /// The layout as the wire carries it.
    public struct Result: RPCResult, WireObject {
        public var bar = Rect(x: 0, y: 0, width: 0, height: 0)
        public var elements: [LayoutElement] = []
        public var screenId = ""
        public var profile = Profile.ios26
        public var hidden = false
        public var columns: [Column] = []
        public var slop: TouchSlop?
        /// The font file that measured the bar's text; nil: the calibrated tables.
        public var metrics: MeasuredWith?

        public init() {}

        public init(
            bar: Rect, elements: [LayoutElement], screenId: String, profile: Profile, hidden: Bool, columns: [Column] = [],
            slop: TouchSlop? = nil, metrics: MeasuredWith? = nil
        ) {
            self.bar = bar
            self.elements = elements
            self.screenId = screenId
            self.profile = profile
            self.hidden = hidden
            self.columns = columns
            self.slop = slop
            self.metrics = metrics
        }

        public init(_ layout: LaidOutBar) {
            self.init(
                bar: layout.barFrame, elements: layout.elements, screenId: layout.screenId, profile: layout.profile,
                hidden: layout.hidden,
                columns: layout.columns.map { Column(frame: $0.frame, target: BarHitTesting.describe($0.role)) },
                slop: layout.slop, metrics: layout.textFont.map(MeasuredWith.init))
        }

        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .required("bar", \.bar, "the bar's frame"), .required("elements", \.elements, "leading to trailing"),
            .required("screenId", \.screenId), .required("profile", \.profile), .required("hidden", \.hidden),
            .defaulted("columns", \.columns, [], "ios10 only: the x-columns the bar assigns touches by (HT-10)"),
            .optional("slop", \.slop, "when the touch slop is on"),
            .optional("metrics", \.metrics, "the font file that measured the bar's text; absent: the calibrated tables (textMetrics)"),
        ]
    }
}
