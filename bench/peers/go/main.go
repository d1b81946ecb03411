// The Go net/http peer of `make bench`: the same two apps as examples/hello.js and
// examples/echo.js, on the standard library only. The harness runs it with GOMAXPROCS=1.
//
//	go-peer -app hello|echo [-port 8080] [-host 127.0.0.1]
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"strconv"
)

// hello answers 13 bytes of text, like examples/hello.js (setHeader + end).
func hello(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Content-Length", "13")
	w.Write([]byte("Hello, World!"))
}

// echo is the echo app of examples/echo.js: GET or HEAD /?value=X answers X, other methods get 405.
func echo(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	value := r.URL.Query().Get("value")
	if value == "" {
		value = "no value specified"
	}
	// examples/echo.js sends no Content-Type; a nil entry stops Go from sniffing one.
	w.Header()["Content-Type"] = nil
	w.Header().Set("Content-Length", strconv.Itoa(len(value)))
	w.Write([]byte(value))
}

func main() {
	app := flag.String("app", "hello", "hello or echo")
	port := flag.Int("port", 8080, "port to listen on")
	host := flag.String("host", "127.0.0.1", "address to listen on")
	flag.Parse()

	handler := http.HandlerFunc(hello)
	switch *app {
	case "hello":
	case "echo":
		handler = echo
	default:
		log.Fatalf("unknown app %q", *app)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(*host, strconv.Itoa(*port)))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on http://%s/\n", ln.Addr())
	log.Fatal(http.Serve(ln, handler))
}
