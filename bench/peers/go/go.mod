module nodecc.bench/peers

go 1.21
