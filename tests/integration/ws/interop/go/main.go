// The Go peer of the WebSocket interop test, on github.com/gorilla/websocket (go.mod pins it;
// scripts/install-deps.sh puts it in Go's module cache). run_interop.py builds it offline.
//
//	ws-interop-go client PLAIN_URL DEFLATE_URL   the cases against nodecc's echo server; one
//	                                             "ok   ..." or "FAIL ..." line per check
//	ws-interop-go server                         an echo server on 127.0.0.1 (see serve); prints
//	                                             "port N", then "conn {json}" per closed
//	                                             connection
//
// gorilla writes a message through NextWriter in frames of its write buffer: the client's
// messages past 4096 bytes (and every message of the fragment case, written with a 16-byte
// buffer) go out fragmented. It offers and accepts permessage-deflate only without context
// takeover.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

const (
	mib = 1 << 20
	// A compressed 1 MiB message must take less than this on the wire (each way).
	compressedMax = 64 * 1024
	stepTimeout   = 10 * time.Second
)

var failures int

func check(cond bool, format string, args ...interface{}) {
	status := "ok   "
	if !cond {
		status = "FAIL "
		failures++
	}
	fmt.Printf("%sgo %s\n", status, fmt.Sprintf(format, args...))
}

// countingConn counts the bytes a connection reads and writes (handshake included).
type countingConn struct {
	net.Conn
	in, out atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.in.Add(int64(n))
	return n, err
}

func (c *countingConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.out.Add(int64(n))
	return n, err
}

func dialer(compress bool, writeBuffer int, counted **countingConn) *websocket.Dialer {
	return &websocket.Dialer{
		Subprotocols:      []string{"chat.v1", "chat.v2"},
		EnableCompression: compress,
		WriteBufferSize:   writeBuffer,
		HandshakeTimeout:  stepTimeout,
		NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			var d net.Dialer
			c, err := d.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			*counted = &countingConn{Conn: c}
			return *counted, nil
		},
	}
}

// echo sends a message and checks that its echo is the same, of the same type.
func echo(c *websocket.Conn, kind int, message []byte, what string) {
	c.SetReadDeadline(time.Now().Add(stepTimeout))
	if err := c.WriteMessage(kind, message); err != nil {
		check(false, "client: %s: write: %v", what, err)
		return
	}
	gotKind, got, err := c.ReadMessage()
	check(err == nil && gotKind == kind && bytes.Equal(got, message),
		"client: %s echoed (%d bytes)%s", what, len(message), errText(err))
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

func allBytes() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func clientPlain(url string) {
	var counted *countingConn
	c, resp, err := dialer(false, 0, &counted).Dial(url, nil)
	if err != nil {
		check(false, "client: plain connection: %v", err)
		return
	}
	defer c.Close()
	check(c.Subprotocol() == "chat.v1", "client: subprotocol chat.v1 chosen (%q)", c.Subprotocol())
	check(resp.Header.Get("Sec-WebSocket-Extensions") == "", "client: no extension without an offer")
	rng := rand.New(rand.NewSource(1))
	big := make([]byte, mib)
	rng.Read(big)
	bigText := make([]byte, mib)
	for i := range bigText {
		bigText[i] = "abcdefghijklmnopqrstuvwxyz0123456789 "[rng.Intn(37)]
	}
	echo(c, websocket.TextMessage, []byte("h\u00e9llo, nodecc \u2713 \U0001F30D"), "text")
	echo(c, websocket.BinaryMessage, allBytes(), "binary of all 256 byte values")
	echo(c, websocket.TextMessage, []byte{}, "empty text")
	echo(c, websocket.BinaryMessage, []byte{}, "empty binary")
	echo(c, websocket.BinaryMessage, big, "1 MiB binary (in 4096-byte fragments)")
	echo(c, websocket.TextMessage, bigText, "1 MiB text (in 4096-byte fragments)")

	var pong atomic.Value
	c.SetPongHandler(func(data string) error { pong.Store(data); return nil })
	err = c.WriteControl(websocket.PingMessage, []byte("go-ping"), time.Now().Add(stepTimeout))
	check(err == nil, "client: ping sent%s", errText(err))
	// gorilla runs the pong handler while reading: the echo after the ping brings it.
	echo(c, websocket.TextMessage, []byte("after the ping"), "text after a ping")
	got, _ := pong.Load().(string)
	check(got == "go-ping", "client: ping answered by a pong with its payload (%q)", got)

	err = c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4000, "bye from go"))
	check(err == nil, "client: close sent%s", errText(err))
	c.SetReadDeadline(time.Now().Add(stepTimeout))
	_, _, err = c.ReadMessage()
	var ce *websocket.CloseError
	check(errors.As(err, &ce) && ce.Code == 4000 && ce.Text == "bye from go",
		"client: close 4000 'bye from go' answered with %v", err)
}

func clientFragments(url string) {
	var counted *countingConn
	c, _, err := dialer(false, 16, &counted).Dial(url, nil)
	if err != nil {
		check(false, "client: fragment connection: %v", err)
		return
	}
	defer c.Close()
	text := []byte("frag:" + strings.Repeat("0123456789", 10))
	echo(c, websocket.TextMessage, text, "text in 16-byte fragments")
	echo(c, websocket.BinaryMessage, allBytes(), "binary in 16-byte fragments")
	c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(1000, ""))
	c.SetReadDeadline(time.Now().Add(stepTimeout))
	_, _, err = c.ReadMessage()
	check(websocket.IsCloseError(err, 1000), "client: fragment connection closed with 1000")
}

func clientDeflate(url string) {
	var counted *countingConn
	c, resp, err := dialer(true, 0, &counted).Dial(url, nil)
	if err != nil {
		check(false, "client: deflate connection: %v", err)
		return
	}
	defer c.Close()
	header := resp.Header.Get("Sec-WebSocket-Extensions")
	params := strings.Split(strings.ReplaceAll(header, " ", ""), ";")
	has := func(p string) bool {
		for _, q := range params {
			if q == p {
				return true
			}
		}
		return false
	}
	check(params[0] == "permessage-deflate" && has("server_no_context_takeover") &&
		has("client_no_context_takeover"), "client: permessage-deflate negotiated: %q", header)
	echo(c, websocket.TextMessage, []byte("small"), "small compressed text")
	echo(c, websocket.TextMessage, []byte{}, "empty compressed text")
	text := []byte(strings.Repeat("nodecc interop ", mib/15+1)[:mib])
	binary := bytes.Repeat(allBytes(), mib/256)
	for _, m := range []struct {
		kind    int
		message []byte
		what    string
	}{{websocket.TextMessage, text, "1 MiB compressible text"},
		{websocket.BinaryMessage, binary, "1 MiB compressible binary"}} {
		in, out := counted.in.Load(), counted.out.Load()
		echo(c, m.kind, m.message, m.what)
		sent, received := counted.out.Load()-out, counted.in.Load()-in
		check(sent < compressedMax && received < compressedMax,
			"client: %s compressed both ways (%d bytes sent, %d received)", m.what, sent, received)
	}
	for i := 1; i <= 5; i++ {
		echo(c, websocket.TextMessage, []byte(fmt.Sprintf("message %d ", i)+strings.Repeat("z", 4096)),
			fmt.Sprintf("compressed message %d of 5", i))
	}
	c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(1000, "done"))
	c.SetReadDeadline(time.Now().Add(stepTimeout))
	_, _, err = c.ReadMessage()
	check(websocket.IsCloseError(err, 1000), "client: compressed connection closed with 1000")
}

// serve echoes every message as it came (a text message starting with "frag:" through a
// 1024-byte write buffer: in fragments past that); "ping-me" makes it ping the client with
// "server-ping" and answer "pong-ok:" and the pong's payload; "close-me" makes it close with
// 4001 "server closing". The close code and reason of a client's close are echoed.
func serve(w http.ResponseWriter, r *http.Request, upgrader *websocket.Upgrader) {
	c, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	counted := c.NetConn().(*countingConn)
	closeCode, closeReason := 0, ""
	c.SetCloseHandler(func(code int, text string) error {
		closeCode, closeReason = code, text
		c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text),
			time.Now().Add(stepTimeout))
		return nil
	})
	// gorilla runs the pong handler inside ReadMessage, on this goroutine: it may write.
	c.SetPongHandler(func(data string) error {
		return c.WriteMessage(websocket.TextMessage, []byte("pong-ok:"+data))
	})
	for {
		kind, message, err := c.ReadMessage()
		if err != nil {
			break
		}
		switch {
		case kind == websocket.TextMessage && string(message) == "ping-me":
			c.WriteControl(websocket.PingMessage, []byte("server-ping"), time.Now().Add(stepTimeout))
		case kind == websocket.TextMessage && string(message) == "close-me":
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4001, "server closing"))
			c.SetReadDeadline(time.Now().Add(stepTimeout))
			_, _, err := c.ReadMessage()
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				closeCode, closeReason = ce.Code, ce.Text
			}
		case kind == websocket.TextMessage && bytes.HasPrefix(message, []byte("frag:")):
			wr, err := c.NextWriter(kind)
			if err == nil {
				wr.Write(message)
				wr.Close()
			}
		default:
			c.WriteMessage(kind, message)
		}
	}
	line, _ := json.Marshal(map[string]interface{}{
		"path":     r.URL.Path,
		"protocol": c.Subprotocol(),
		"offer":    r.Header.Get("Sec-WebSocket-Extensions"),
		"in":       counted.in.Load(),
		"out":      counted.out.Load(),
		"close":    closeCode,
		"reason":   closeReason,
	})
	fmt.Printf("conn %s\n", line)
}

type countingListener struct{ net.Listener }

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: c}, nil
}

func main() {
	if len(os.Args) >= 2 && os.Args[1] == "server" {
		upgrader := &websocket.Upgrader{
			Subprotocols:      []string{"chat.v1"},
			EnableCompression: true,
			WriteBufferSize:   1024,
			CheckOrigin:       func(*http.Request) bool { return true },
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("port %d\n", ln.Addr().(*net.TCPAddr).Port)
		http.Serve(countingListener{ln}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			serve(w, r, upgrader)
		}))
		return
	}
	if len(os.Args) != 4 || os.Args[1] != "client" {
		fmt.Fprintln(os.Stderr, "usage: ws-interop-go client PLAIN_URL DEFLATE_URL | server")
		os.Exit(2)
	}
	fmt.Println("go gorilla/websocket v1.5.3")
	clientPlain(os.Args[2])
	clientFragments(os.Args[2])
	clientDeflate(os.Args[3])
	if failures > 0 {
		os.Exit(1)
	}
}
