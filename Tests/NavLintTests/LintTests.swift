import NavLint
