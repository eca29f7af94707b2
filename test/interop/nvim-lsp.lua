-- Drives Neovim's built-in LSP client against `cairn lsp` in a fixture workspace and
-- writes what the client got to $CAIRN_OUT as JSON. Cursors are placed by byte column
-- (as Neovim keeps them); the client converts them to UTF-16 for the server.
local root = os.getenv('CAIRN_FIXTURE')
local out_path = os.getenv('CAIRN_OUT')
local out = { errors = {} }

local function finish()
  local f = io.open(out_path, 'w')
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd('qa!')
end

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    name = 'cairn',
    cmd = { os.getenv('CAIRN_NODE'), os.getenv('CAIRN_BIN'), 'lsp' },
    root_dir = root,
    cmd_cwd = root,
    on_error = function(code) table.insert(out.errors, 'client error ' .. tostring(code)) end,
  })
  vim.cmd('edit ' .. root .. '/web/unicode.ts')
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  vim.wait(20000, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized == true
  end, 50)

  local function request(method, params)
    local responses = vim.lsp.buf_request_sync(0, method, params, 20000)
    if not responses then return nil end
    for _, r in pairs(responses) do
      if r.error then table.insert(out.errors, method .. ': ' .. vim.inspect(r.error)) end
      return r.result
    end
  end

  -- Go to definition through the client's own handler: the cursor on `greet` after an emoji.
  local line = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]
  local byte = string.find(line, 'greet', 1, true) - 1
  vim.api.nvim_win_set_cursor(0, { 4, byte })
  out.definition_params = vim.lsp.util.make_position_params()
  vim.lsp.buf.definition()
  vim.wait(20000, function() return vim.api.nvim_buf_get_name(0):match('greet%.ts$') ~= nil end, 50)
  out.definition = { file = vim.api.nvim_buf_get_name(0), cursor = vim.api.nvim_win_get_cursor(0) }

  -- Now in web/greet.ts; attach there and ask about `greet`'s declaration.
  local greet_buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(greet_buf, client_id)
  local decl = { textDocument = vim.lsp.util.make_text_document_params(greet_buf), position = { line = 0, character = 17 } }
  local refs = request('textDocument/references', vim.tbl_extend('force', decl, { context = { includeDeclaration = false } }))
  out.references = {}
  for _, loc in ipairs(refs or {}) do
    table.insert(out.references, string.format('%s:%d:%d', vim.fn.fnamemodify(vim.uri_to_fname(loc.uri), ':t'), loc.range.start.line, loc.range.start.character))
  end

  local items = request('textDocument/prepareCallHierarchy', decl)
  out.incoming = {}
  if items and items[1] then
    for _, call in ipairs(request('callHierarchy/incomingCalls', { item = items[1] }) or {}) do
      table.insert(out.incoming, string.format('%s %d:%d', call.from.name, call.fromRanges[1].start.line, call.fromRanges[1].start.character))
    end
  end

  out.symbols = {}
  for _, s in ipairs(request('workspace/symbol', { query = 'Greeter' }) or {}) do
    table.insert(out.symbols, s.name .. ' ' .. vim.fn.fnamemodify(vim.uri_to_fname(s.location.uri), ':t'))
  end

  local hover = request('textDocument/hover', { textDocument = vim.lsp.util.make_text_document_params(greet_buf), position = { line = 1, character = 10 } })
  out.hover = hover and hover.contents and hover.contents.value or ''
end)
if not ok then table.insert(out.errors, tostring(err)) end
finish()
