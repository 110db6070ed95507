drop schema if exists ft_search cascade;
create schema ft_search;
set search_path = ft_search;
create table workspaces (id uuid primary key default gen_random_uuid(), label text not null, username text not null, description text not null default '', avatar_path text, cover_path text, created_at timestamptz not null default now(), creator_since timestamptz, deleted_at timestamptz);
create table workspace_figures (workspace_id uuid primary key, post_count integer not null default 0);
-- 100k accounts (one workspace each), a third of them creators; names from a small pool of first and last names
insert into workspaces (label, username, creator_since)
select (array['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Henrique','Isabela','João','Larissa','Marcos','Natália','Otávio','Paula','Rafael','Sofia','Thiago','Vitória','Yasmin'])[1 + (i % 20)]
       || ' ' || (array['Silva','Souza','Oliveira','Santos','Pereira','Lima','Carvalho','Ferreira','Rodrigues','Almeida','Costa','Gomes','Martins','Araújo','Melo','Barbosa','Ribeiro','Dias','Teixeira','Moura'])[1 + ((i / 20) % 20)]
       || ' ' || md5(i::text)::varchar(6),
       'user' || i || substr(md5(i::text), 1, 4),
       case when i % 3 = 0 then now() end
from generate_series(1, 100000) i;
-- 1M posts, as counts per creator
insert into workspace_figures select id, 30 from workspaces where creator_since is not null;
CREATE INDEX "workspaces_creator_username_prefix_idx" ON "workspaces" USING btree (lower("username") text_pattern_ops) WHERE "workspaces"."creator_since" is not null and "workspaces"."deleted_at" is null;
CREATE INDEX "workspaces_creator_name_search_idx" ON "workspaces" USING gin (to_tsvector('simple'::regconfig, translate(lower("label"), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn'))) WHERE "workspaces"."creator_since" is not null and "workspaces"."deleted_at" is null;
analyze workspaces; analyze workspace_figures;
\echo '--- q = "user123" (a @username prefix, and a name word prefix)'
explain (analyze, buffers, costs off, timing on)
select w.username, w.label, coalesce(f.post_count, 0) from workspaces w left join workspace_figures f on f.workspace_id = w.id
where w.creator_since is not null and w.deleted_at is null
  and (lower(w.username) like 'user123%' or to_tsvector('simple'::regconfig, translate(lower(w.label), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) @@ to_tsquery('simple', 'user123:*'))
order by (lower(w.username) = 'user123') desc, (lower(w.username) like 'user123%') desc, f.post_count desc nulls last, w.label, w.id limit 20;
\echo '--- q = "joao ara" (two name words: thousands of matches)'
explain (analyze, buffers, costs off, timing on)
select w.username, w.label, coalesce(f.post_count, 0) from workspaces w left join workspace_figures f on f.workspace_id = w.id
where w.creator_since is not null and w.deleted_at is null
  and (to_tsvector('simple'::regconfig, translate(lower(w.label), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) @@ to_tsquery('simple', 'joao:* & ara:*'))
order by f.post_count desc nulls last, w.label, w.id limit 20;
\echo '--- q = "an" (the worst case: a 2-letter prefix matching ~1/10 of the creators)'
explain (analyze, buffers, costs off, timing on)
select w.username, w.label, coalesce(f.post_count, 0) from workspaces w left join workspace_figures f on f.workspace_id = w.id
where w.creator_since is not null and w.deleted_at is null
  and (lower(w.username) like 'an%' or to_tsvector('simple'::regconfig, translate(lower(w.label), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')) @@ to_tsquery('simple', 'an:*'))
order by (lower(w.username) = 'an') desc, (lower(w.username) like 'an%') desc, f.post_count desc nulls last, w.label, w.id limit 20;
drop schema ft_search cascade;
