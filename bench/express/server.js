// The express-routes scenario under Express 5 (text response, as server.cc).
const express = require('express');
const routes = Number(process.env.ROUTES || 10);
const app = express();
for (let i = 0; i < routes; i++) {
  app.get('/r' + i + '/:id', (req, res) => { res.send('{"id":"' + req.params.id + '"}'); });
}
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
