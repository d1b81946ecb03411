// bench/express's Go peer: net/http's ServeMux with Go 1.22 method and wildcard patterns and
// encoding/json, one scenario per MODE: "hello" (GET / -> "Hello World"), "json" (GET
// /users/{id} -> the same object as server.cc), "routes" (ROUTES routes /r0/{id} ...
// /r<ROUTES-1>/{id}, each under PREFIX when it is set, the request goes to the last one). run.py starts it with GOMAXPROCS=1
// and taskset -c 0, so its scheduler and collector share the one core the other servers get.
// Headers: Content-Type (set, as Express's), Content-Length and Date; no ETag, no X-Powered-By.
package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
)

type user struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Active bool   `json:"active"`
	Score  int    `json:"score"`
}

func sendUser(w http.ResponseWriter, r *http.Request) {
	body, err := json.Marshal(user{ID: r.PathValue("id"), Name: "Ada Lovelace", Active: true, Score: 42})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

func main() {
	mode := os.Getenv("MODE")
	mux := http.NewServeMux()
	switch mode {
	case "hello":
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Content-Length", "11")
			w.Write([]byte("Hello World"))
		})
	case "json":
		mux.HandleFunc("GET /users/{id}", sendUser)
	case "routes":
		routes := 10
		if s := os.Getenv("ROUTES"); s != "" {
			routes, _ = strconv.Atoi(s)
		}
		for i := 0; i < routes; i++ {
			mux.HandleFunc(fmt.Sprintf("GET %s/r%d/{id}", os.Getenv("PREFIX"), i), sendUser)
		}
	default:
		fmt.Fprintln(os.Stderr, "MODE: hello, json or routes")
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+os.Getenv("PORT"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("listening")
	http.Serve(ln, mux)
}
