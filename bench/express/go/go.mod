module nodecc.example/bench/express/go

go 1.22
