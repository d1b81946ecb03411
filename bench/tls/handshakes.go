// The handshake load of bench/tls (https_bench.py): -c goroutines, each in a loop opening a
// TLS connection, sending one "GET / HTTP/1.1" with "Connection: close", reading the response
// to EOF and closing. Full handshakes by default (no session cache); with -resume every
// goroutine keeps the last session of the server and offers it (TLS 1.2 session tickets or
// IDs, TLS 1.3 PSK tickets with an ECDHE key share, as browsers do). Standard library only.
//
//	handshakes -addr 127.0.0.1:8443 [-c 32] [-d 10s] [-tls 1.2|1.3] [-resume]
//
// Prints one JSON line: {"conns": n, "resumed": r, "errors": e, "seconds": s}.
// (wrk -H 'Connection: close' is not a full-handshake load: it keeps the SSL object's session
// across reconnects, so its connections resume.)
package main

import (
	"crypto/tls"
	"encoding/json"
	"flag"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8443", "server")
	conc := flag.Int("c", 32, "concurrent connections")
	dur := flag.Duration("d", 10*time.Second, "duration")
	version := flag.String("tls", "1.3", "1.2 or 1.3")
	resume := flag.Bool("resume", false, "offer the last session (resumed handshakes)")
	flag.Parse()
	v := uint16(tls.VersionTLS13)
	if *version == "1.2" {
		v = tls.VersionTLS12
	}
	var conns, resumed, errors int64
	deadline := time.Now().Add(*dur)
	start := time.Now()
	var wg sync.WaitGroup
	req := []byte("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
	for i := 0; i < *conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conf := &tls.Config{InsecureSkipVerify: true, MinVersion: v, MaxVersion: v,
				ServerName: "localhost", NextProtos: []string{"http/1.1"}}
			if *resume {
				conf.ClientSessionCache = tls.NewLRUClientSessionCache(1)
			}
			buf := make([]byte, 16384)
			for time.Now().Before(deadline) {
				c, err := tls.DialWithDialer(&net.Dialer{Timeout: 5 * time.Second}, "tcp", *addr, conf)
				if err != nil {
					atomic.AddInt64(&errors, 1)
					continue
				}
				c.SetDeadline(time.Now().Add(5 * time.Second))
				// A response read to the server's close (with or without close_notify).
				total := 0
				if _, err := c.Write(req); err == nil {
					for {
						k, err := c.Read(buf)
						total += k
						if err != nil {
							break
						}
					}
				}
				if total > 0 {
					atomic.AddInt64(&conns, 1)
					if c.ConnectionState().DidResume {
						atomic.AddInt64(&resumed, 1)
					}
				} else {
					atomic.AddInt64(&errors, 1)
				}
				c.Close()
			}
		}()
	}
	wg.Wait()
	json.NewEncoder(os.Stdout).Encode(map[string]interface{}{"conns": conns, "resumed": resumed,
		"errors": errors, "seconds": time.Since(start).Seconds()})
}
