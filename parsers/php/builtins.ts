// PHP's own functions and classes: what a call means when the workspace does not define
// the name. Functions: the core and bundled extensions' common names, and the prefixes of
// extension families (`array_`, `str_`, `mb_`, `preg_`...), whose members are all PHP's.
const FUNCTIONS = new Set([
  'strlen', 'strtolower', 'strtoupper', 'ucfirst', 'lcfirst', 'ucwords', 'trim', 'ltrim', 'rtrim', 'explode', 'implode',
  'join', 'sprintf', 'printf', 'vsprintf', 'number_format', 'substr', 'strpos', 'stripos', 'strrpos', 'strstr', 'stristr',
  'strrchr', 'strcmp', 'strcasecmp', 'strncmp', 'strncasecmp', 'strtr', 'strrev', 'nl2br', 'htmlspecialchars',
  'htmlentities', 'html_entity_decode', 'addslashes', 'stripslashes', 'wordwrap', 'chr', 'ord', 'dechex', 'hexdec',
  'bin2hex', 'hex2bin', 'base64_encode', 'base64_decode', 'md5', 'sha1', 'crc32', 'hash', 'uniqid', 'lcg_value',
  'count', 'sizeof', 'in_array', 'range', 'compact', 'extract', 'list', 'each', 'current', 'key', 'next', 'prev',
  'reset', 'end', 'sort', 'rsort', 'usort', 'uasort', 'uksort', 'ksort', 'krsort', 'asort', 'arsort', 'natsort',
  'natcasesort', 'shuffle', 'min', 'max', 'abs', 'floor', 'ceil', 'round', 'sqrt', 'pow', 'intdiv', 'fmod', 'rand',
  'mt_rand', 'random_int', 'random_bytes', 'intval', 'floatval', 'boolval', 'strval', 'settype', 'gettype',
  'get_debug_type', 'var_dump', 'var_export', 'print_r', 'serialize', 'unserialize', 'json_encode', 'json_decode',
  'isset', 'unset', 'empty', 'echo', 'print', 'die', 'exit', 'define', 'defined', 'constant', 'function_exists',
  'class_exists', 'interface_exists', 'trait_exists', 'enum_exists', 'method_exists', 'property_exists', 'get_class',
  'get_parent_class', 'get_object_vars', 'get_class_methods', 'spl_object_hash', 'spl_object_id', 'spl_autoload_register',
  'iterator_to_array', 'iterator_count', 'call_user_func', 'call_user_func_array', 'func_get_args', 'func_num_args',
  'is_callable', 'is_a', 'is_subclass_of', 'is_null', 'is_array', 'is_string', 'is_int', 'is_integer', 'is_float',
  'is_bool', 'is_numeric', 'is_object', 'is_iterable', 'is_countable', 'is_scalar', 'is_resource', 'is_file', 'is_dir',
  'is_readable', 'is_writable', 'is_writeable', 'is_link', 'is_executable', 'file_exists', 'file_get_contents',
  'file_put_contents', 'fopen', 'fclose', 'fread', 'fwrite', 'fputs', 'fgets', 'feof', 'fflush', 'ftell', 'fseek',
  'rewind', 'ftruncate', 'flock', 'file', 'unlink', 'rename', 'copy', 'mkdir', 'rmdir', 'touch', 'chmod', 'chown',
  'realpath', 'basename', 'dirname', 'pathinfo', 'glob', 'scandir', 'opendir', 'readdir', 'closedir', 'tempnam',
  'sys_get_temp_dir', 'tmpfile', 'getcwd', 'chdir', 'filemtime', 'filesize', 'fileperms', 'clearstatcache', 'stat',
  'time', 'microtime', 'hrtime', 'date', 'gmdate', 'mktime', 'strtotime', 'checkdate', 'date_default_timezone_get',
  'date_default_timezone_set', 'sleep', 'usleep', 'getenv', 'putenv', 'ini_get', 'ini_set', 'set_error_handler',
  'restore_error_handler', 'set_exception_handler', 'trigger_error', 'error_reporting', 'error_log', 'assert',
  'debug_backtrace', 'debug_print_backtrace', 'register_shutdown_function', 'ob_start', 'ob_get_clean',
  'ob_get_contents', 'ob_end_clean', 'ob_end_flush', 'ob_get_level', 'header', 'headers_sent', 'setcookie',
  'http_build_query', 'parse_str', 'parse_url', 'urlencode', 'urldecode', 'rawurlencode', 'rawurldecode',
  'filter_var', 'version_compare', 'phpversion', 'php_sapi_name', 'php_uname', 'extension_loaded', 'gc_collect_cycles',
  'memory_get_usage', 'memory_get_peak_usage', 'set_time_limit', 'ignore_user_abort', 'escapeshellarg',
  'escapeshellcmd', 'exec', 'shell_exec', 'system', 'passthru', 'proc_open', 'proc_close', 'popen', 'pclose',
  'gethostname', 'spl_autoload_unregister', 'array', 'levenshtein', 'similar_text', 'soundex', 'metaphone',
  'quotemeta', 'addcslashes', 'stripcslashes', 'chunk_split', 'nl_langinfo', 'localeconv', 'setlocale', 'money_format',
  'count_chars', 'ctype_digit', 'ctype_alpha', 'ctype_alnum', 'ctype_space', 'ctype_upper', 'ctype_lower',
  'ctype_punct', 'ctype_xdigit', 'fnmatch', 'inet_pton', 'inet_ntop', 'ip2long', 'long2ip', 'gethostbyname',
  'checkdnsrr', 'fsockopen', 'mail', 'password_hash', 'password_verify', 'password_needs_rehash', 'crypt',
  'openssl_encrypt', 'openssl_decrypt', 'iconv', 'utf8_encode', 'utf8_decode', 'fprintf', 'vprintf', 'sscanf',
  'fscanf', 'highlight_string', 'php_strip_whitespace', 'token_get_all', 'get_called_class', 'forward_static_call',
  'func_get_arg', 'create_function', 'gc_enable', 'gc_disable', 'spl_classes', 'class_implements', 'class_parents',
  'class_uses', 'get_resource_type', 'fputcsv', 'fgetcsv', 'str_getcsv', 'readfile', 'fpassthru', 'umask', 'link',
  'symlink', 'readlink', 'lstat', 'disk_free_space', 'array_key_exists', 'key_exists', 'exp', 'log', 'log10', 'sin',
  'cos', 'tan', 'pi', 'is_nan', 'is_infinite', 'is_finite', 'base_convert', 'bindec', 'decbin', 'octdec', 'decoct',
  'mt_srand', 'srand', 'mt_getrandmax', 'getrandmax', 'ucwords', 'vfprintf', 'get_defined_vars', 'gettimeofday',
  'date_create', 'cal_days_in_month', 'idate', 'strftime', 'gmmktime', 'localtime', 'getdate', 'timezone_identifiers_list',
]);
const FAMILIES = /^(array_|str_|mb_|preg_|json_|curl_|ctype_|date_|openssl_|hash_|stream_|file_|is_|intl|iterator_|spl_|ob_|posix_|pcntl_|socket_|gz|zlib_|xml_|libxml_|simplexml_|dom_|mysqli_|pg_|sqlite_|session_|filter_|gmp_|bc|sodium_|random_|iconv_|grapheme_|idn_|normalizer_|collator_|numfmt_|msgfmt_|locale_|transliterator_|exif_|image|finfo_|mime_|fsync|fdatasync|array$)/;

export function isBuiltinFunction(name: string): boolean {
  const lower = name.toLowerCase();
  return FUNCTIONS.has(lower) || FAMILIES.test(lower);
}

/** PHP's own classes and interfaces (the global namespace). */
export const PHP_CLASSES: ReadonlySet<string> = new Set([
  'stdClass', 'Exception', 'ErrorException', 'Error', 'TypeError', 'ValueError', 'ArithmeticError', 'DivisionByZeroError',
  'ArgumentCountError', 'AssertionError', 'UnhandledMatchError', 'JsonException', 'RuntimeException', 'LogicException',
  'InvalidArgumentException', 'DomainException', 'LengthException', 'OutOfRangeException', 'OutOfBoundsException',
  'RangeException', 'OverflowException', 'UnderflowException', 'UnexpectedValueException', 'BadFunctionCallException',
  'BadMethodCallException', 'Throwable', 'Traversable', 'Iterator', 'IteratorAggregate', 'ArrayAccess', 'Countable',
  'Serializable', 'Stringable', 'JsonSerializable', 'UnitEnum', 'BackedEnum', 'Closure', 'Generator', 'WeakMap',
  'WeakReference', 'Fiber', 'ArrayObject', 'ArrayIterator', 'SplObjectStorage', 'SplStack', 'SplQueue', 'SplHeap',
  'SplMinHeap', 'SplMaxHeap', 'SplPriorityQueue', 'SplFixedArray', 'SplDoublyLinkedList', 'SplFileInfo', 'SplFileObject',
  'SplTempFileObject', 'DirectoryIterator', 'FilesystemIterator', 'RecursiveDirectoryIterator', 'RecursiveIteratorIterator',
  'RecursiveArrayIterator', 'IteratorIterator', 'FilterIterator', 'CallbackFilterIterator', 'LimitIterator',
  'AppendIterator', 'MultipleIterator', 'RegexIterator', 'GlobIterator', 'EmptyIterator', 'InfiniteIterator',
  'NoRewindIterator', 'CachingIterator', 'DateTime', 'DateTimeImmutable', 'DateTimeInterface', 'DateTimeZone',
  'DateInterval', 'DatePeriod', 'PDO', 'PDOStatement', 'PDOException', 'ReflectionClass', 'ReflectionMethod',
  'ReflectionProperty', 'ReflectionFunction', 'ReflectionNamedType', 'ReflectionObject', 'ReflectionException',
  'ReflectionParameter', 'ReflectionEnum', 'SimpleXMLElement', 'DOMDocument', 'DOMElement', 'DOMXPath', 'DOMNode',
  'XMLReader', 'XMLWriter', 'IntlDateFormatter', 'NumberFormatter', 'Collator', 'Normalizer', 'Locale', 'SplSubject',
  'SplObserver', 'Attribute', 'ReturnTypeWillChange', 'AllowDynamicProperties', 'SensitiveParameter', 'Override',
  'ZipArchive', 'finfo', 'CURLFile', 'SessionHandlerInterface', 'mysqli', 'SQLite3', 'Phar', 'Random\\Randomizer',
]);
