import MCP
import NavLint
import NavModel

/// The tools `navctl mcp` offers, each with its JSON Schema: navd's in-process answers (lint, rules, and the
/// read-only questions about a session document) for a coding assistant.
enum NavTools {
    static let lintPaths = "lint_paths"
    static let explainFinding = "explain_finding"
    static let hitTest = "hit_test"
    static let backTitle = "back_title"
    static let resolveTint = "resolve_tint"
    static let renderBar = "render_bar"

    /// Every tool, in the order tools/list gives them.
    static let all: [Tool] = [
        Tool(
            name: lintPaths, title: "Lint iOS navigation bars",
            description: """
                navctl lint over files and folders: an app's Swift, Objective-C, storyboards, xibs and asset \
                catalogs' colours (each folder's projects read as one navigation flow, configured by its .navd.yml) \
                and session documents (*.navd.json). Each finding names FILE:LINE:COL, its severity, the screen, \
                the iOS profile and its code (explain_finding describes a code). Relative paths are read from the \
                server's working directory.
                """,
            inputSchema: object(
                [
                    "paths": .object([
                        "type": "array", "items": .object(["type": "string", "minLength": 1]), "minItems": 1,
                        "description": "Folders, source files or *.navd.json documents to lint.",
                    ]),
                    "profile": .object([
                        "type": "string",
                        "description": .string(
                            "Profiles to check under: a comma-separated list of \(profileNames.joined(separator: ", ")), or all (default: each document's own; for source, the deployment target's)."
                        ),
                    ]),
                    "format": .object([
                        "type": "string", "enum": ["text", "json"], "default": "text",
                        "description":
                            "text: one FILE:LINE:COL: SEVERITY: MESSAGE [CODE] line per finding; json: {\"diagnostics\": [...], \"errors\": [...]}.",
                    ]),
                ], required: ["paths"]),
            annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(
            name: explainFinding, title: "Explain a navd finding",
            description:
                "What a finding's code (e.g. pop-gesture-disabled) means: its summary, the long form, its default severity, the rules of docs/semantics.md it rests on, and where it is documented.",
            inputSchema: object(
                [
                    "code": .object([
                        "type": "string", "enum": .array(LintRule.all.map { .string($0.code) }),
                        "description": "The code in brackets at the end of a finding.",
                    ])
                ], required: ["code"]),
            annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(
            name: hitTest, title: "Who receives a tap on the bar",
            description:
                "Who receives a tap at window point (x, y) on the top screen's navigation bar of a session document, and what it does (pop, a custom back action, an item's action, or nothing, and why): a sentence, then bar/hitTest's JSON.",
            inputSchema: object(
                [
                    "document": documentProperty,
                    "x": .object(["type": "number", "description": "The window point's x, in points."]),
                    "y": .object(["type": "number", "description": "The window point's y, in points (the bar is below the status bar)."]),
                    "screen": screenProperty,
                    "profile": profileProperty,
                    "trace": .object([
                        "type": "boolean", "default": false, "description": "Also give every view the hit test visited, in the JSON.",
                    ]),
                ], required: ["document", "x", "y"]),
            annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(
            name: backTitle, title: "What the back button says",
            description:
                "title/back for a session document: what the top screen's back button says (the title, \"Back\", the arrow alone or no button), where the text comes from, whether it was shortened, and the long-press history menu, as JSON.",
            inputSchema: object(["document": documentProperty, "screen": screenProperty], required: ["document"]),
            annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(
            name: resolveTint, title: "The foreground of a bar colour",
            description:
                "tint/resolve: the items' foreground and the title's colour on a bar colour (UIKit's systemBlue and black by default, whatever the bar colour; the black or white of the automatic rule with foreground automatic), the automatic rule's pick, the luminance and both WCAG contrast ratios, as JSON. Give a colour, or a session document for its top bar's own colour (or both: the colour judged in the document's configuration).",
            inputSchema: object(
                [
                    "color": .object([
                        "type": "string",
                        "description":
                            "#RRGGBB, or any colour navd accepts: #RGB, #RRGGBBAA, rgb(r,g,b), rgba(r,g,b,a), or a UIKit system colour name such as systemBlue or label:dark.",
                    ]),
                    "document": documentProperty,
                    "screen": screenProperty,
                    "method": .object([
                        "type": "string", "enum": ["yiq", "wcag"],
                        "description": "The rule that picks the automatic black or white (default yiq).",
                    ]),
                    "foreground": .object([
                        "type": "string", "enum": ["uikit", "automatic"],
                        "description":
                            "Who picks the foreground where the bar sets none: uikit (UIKit's systemBlue items and black title, the default) or automatic (black or white by method).",
                    ]),
                ], required: []),
            annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false)),
        Tool(
            name: renderBar, title: "Draw the bar",
            description:
                "bar/render: the top screen's navigation bar of a session document and every touch area over it, with a legend, as SVG text.",
            inputSchema: object(
                ["document": documentProperty, "screen": screenProperty, "profile": profileProperty], required: ["document"]),
            annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false)),
    ]

    /// The members each tool takes: its schema's properties, sorted.
    static func members(of tool: Tool) -> [String] {
        guard case .object(let properties)? = tool.inputSchema.objectValue?["properties"] else { return [] }
        return properties.keys.sorted()
    }

    static var profileNames: [String] { Profile.allCases.map(\.rawValue) }

    static let documentProperty: Value = .object([
        "type": "string", "minLength": 1,
        "description": "The path of a session document (*.navd.json, e.g. one navctl flows wrote or session/snapshot's document).",
    ])
    static let screenProperty: Value = .object([
        "type": "string", "minLength": 1,
        "description": "A screen id of the document: its stack is cut so that this screen is on top (default: the document's top screen).",
    ])
    static let profileProperty: Value = .object([
        "type": "string", "enum": .array(Profile.allCases.map { .string($0.rawValue) }),
        "description": "Lay the document out under this iOS profile (default: the document's own).",
    ])

    /// An object schema that takes `properties` and nothing else.
    static func object(_ properties: [String: Value], required: [String]) -> Value {
        .object([
            "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }
}
