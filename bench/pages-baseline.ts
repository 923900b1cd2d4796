// The bare page of `npm run bench:pages` (bench/pages.ts): a Fastify server and nothing else, no database, no
// framework in the page. Every path under /bare/ answers one small HTML page whose inline script fetches one JSON
// (`GET /bare/row?path=`) from the same server and renders it as one table row under a heading; a history change
// (pushState + popstate, what the app's router listens to) fetches and renders the row of the new path. It is the
// floor the app's pages are measured against: the same browser, the same loopback, one round trip.
import Fastify from 'fastify';

const page = `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><title>bare</title></head>
<body>
<h1 class="bare-title">회원 목록</h1>
<table><tbody id="rows"></tbody></table>
<script>
const render = async () => {
  const path = location.pathname;
  const rows = document.getElementById('rows');
  rows.replaceChildren();
  const response = await fetch('/bare/row?path=' + encodeURIComponent(path));
  const { data } = await response.json();
  const tr = document.createElement('tr');
  tr.className = 'bare-row';
  tr.dataset.path = path;
  for (const value of [data.id, data.name, data.phone, data.pass]) {
    const td = document.createElement('td');
    td.textContent = String(value);
    tr.append(td);
  }
  rows.append(tr);
};
addEventListener('popstate', () => void render());
void render();
</script>
</body>
</html>`;

const app = Fastify({ logger: false });
app.get('/bare/row', async (request) => {
  const { path } = request.query as { path?: string };
  return { data: { id: 1, name: '김회원', phone: '010-1234-5678', pass: '헬스 3개월', path: path ?? '' } };
});
app.get('/bare/*', async (_request, reply) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
);

const address = await app.listen({
  port: Number(process.env.PORT ?? 0),
  host: process.env.HOST ?? '127.0.0.1',
});
// bench/server.ts reads the port from this line.
console.log(`bare page running at ${address}/`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
