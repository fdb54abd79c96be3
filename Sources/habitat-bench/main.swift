print("habitat-bench: not built yet")
