/// Meridian's version (semantic versioning, before 1.0 while the API settles): the one place it
/// is written. `meridian --version` prints it.
public enum MeridianVersion {
    public static let current = "0.1.0"
}
