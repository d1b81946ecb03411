// The Go peer of bench/ws: an echo server on gorilla/websocket (go.mod pins it; the Go module
// proxy serves it), run with GOMAXPROCS=1. Text is echoed as text, binary as binary, with
// ReadMessage and WriteMessage as gorilla's own echo example does. With --deflate the Upgrader
// enables compression: gorilla accepts permessage-deflate only without context takeover (it
// answers server_no_context_takeover; client_no_context_takeover), and compresses every reply
// (compress/flate level 1, gorilla's default).
//
//	go-ws-echo --port N [--deflate]
//
// Prints "listening" once the socket listens.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/gorilla/websocket"
)

func main() {
	port := flag.Int("port", 0, "port on 127.0.0.1")
	deflate := flag.Bool("deflate", false, "negotiate permessage-deflate")
	flag.Parse()
	upgrader := websocket.Upgrader{
		EnableCompression: *deflate,
		CheckOrigin:       func(*http.Request) bool { return true },
	}
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		c, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		for {
			kind, message, err := c.ReadMessage()
			if err != nil {
				return
			}
			if err := c.WriteMessage(kind, message); err != nil {
				return
			}
		}
	})
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("listening")
	http.Serve(ln, nil)
}
