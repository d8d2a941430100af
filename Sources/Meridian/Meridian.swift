// The umbrella module: `import Meridian` brings in every layer. It holds no code of its own.
@_exported import MeridianGeometry
@_exported import MeridianCamera
@_exported import MeridianMotion
@_exported import MeridianGestures
@_exported import MeridianOverlays
@_exported import MeridianMap
