print("navd")
