// placeholder: fetch("/api/games")
