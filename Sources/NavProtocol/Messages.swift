/// Every method and notification of the protocol, each list alphabetical by wire name.
///
/// - Important: the server's dispatch table must hold exactly `Messages.methods`; a test checks it, another
///   checks that docs/protocol.md describes each one, and docs/openrpc.json is generated from these lists.
public enum Messages {
    /// The request methods the daemon answers.
    public static let requests: [any RPCMethod.Type] = [
        BarDiagnose.self,
        BarHitRegions.self,
        BarHitTest.self,
        BarLayout.self,
        BarRender.self,
        BarTap.self,
        BarUpdate.self,
        DaemonStatus.self,
        GesturePopTest.self,
        Initialize.self,
        RPCDiscover.self,
        ScreenGet.self,
        ScreenUpdate.self,
        SessionClose.self,
        SessionConfigure.self,
        SessionCreate.self,
        SessionList.self,
        SessionRestore.self,
        SessionSnapshot.self,
        SessionSubscribe.self,
        SessionUnsubscribe.self,
        Shutdown.self,
        StackGet.self,
        StackPop.self,
        StackPush.self,
        StackSet.self,
        TintResolve.self,
        TitleBack.self,
        TitlePrevious.self,
        TreeHitTest.self,
    ]

    /// The notifications a client sends.
    public static let clientNotifications: [any RPCNotification.Type] = [
        CancelRequest.self,
        Exit.self,
    ]

    /// The notifications the daemon sends.
    public static let serverNotifications: [any RPCNotification.Type] = [
        BackRequested.self,
        ItemTapped.self,
        SessionDiagnostics.self,
        DidChange.self,
        DidClose.self,
        Resync.self,
    ]

    /// Request (and client notification) methods the daemon answers, by wire name, alphabetical.
    public static let methods: [String] = (requests.map { $0.name } + clientNotifications.map { $0.name }).sorted()

    /// Notifications the daemon sends, by wire name, alphabetical.
    public static let notifications: [String] = serverNotifications.map { $0.name }.sorted()
}
