/// navd's version: the daemon's `serverInfo.version`, navctl's `--version`, the linter's SARIF driver.
public enum NavdVersion {
    public static let current = "0.1.0"
}
