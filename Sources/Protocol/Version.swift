/// The release of the life tools.
public enum LifeVersion {
    /// `X.Y.Z`, as `lifed --version` prints it and the hello's `server` carries it.
    public static let current = "0.1.0"
}
