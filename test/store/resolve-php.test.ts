import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('PHP resolution', () => {
  it('binds through use imports, the namespace, $this, self/static/parent, typed receivers and says what is outside', async () => {
    open = await indexFiles({
      'src/Models/Model.php': `<?php
namespace App\\Models;

abstract class Model {
    public function __construct() {}
    public function save() {}
    public static function query() {}
}
`,
      'src/Models/User.php': `<?php
namespace App\\Models;

use App\\Support\\Helper;
use App\\Support\\Greets;
use Illuminate\\Support\\Collection;
use function App\\Support\\slugify;

class User extends Model implements \\JsonSerializable {
    use Greets;
    private Helper $helper;

    public function __construct(private Mailer $mailer) {
        parent::__construct();
        $this->helper = new Helper();
    }

    public function jsonSerialize(): mixed {
        $this->greet();
        $this->save();
        $this->helper->assist();
        $this->mailer->send();
        self::query();
        static::make();
        $c = new Collection([]);
        $c->map(null);
        $h = new Helper();
        $h->assist();
        $h->nothing();
        slugify('x');
        local_fn();
        strlen('x');
        \\array_map(null, []);
        $f = fn () => 1;
        $f();
        $this->{$name}();
        $x->unknownThing();
        throw new \\RuntimeException('x');
    }

    public static function make() { return new static(); }
}

function local_fn() {}
`,
      'src/Models/Mailer.php': `<?php
namespace App\\Models;
class Mailer { public function send() {} }
`,
      'src/Support/Helper.php': `<?php
namespace App\\Support;
class Helper {
    public function assist() {}
    public static function build() { return new self(); }
}
function slugify($s) { return $s; }
trait Greets { public function greet() {} }
`,
      'src/boot.php': `<?php
use App\\Models\\User;
use App\\Support\\Helper as H;
User::make();
H::build();
new User(new \\App\\Models\\Mailer());
\\App\\Support\\slugify('a');
`,
    });
    const at = (spec: string, path = 'src/Models/User.php') => describeAnswer(open!.answer(path, spec));
    expect(at('parent::__construct')).toBe('src/Models/Model.php::Model::__construct (receiver_type)');
    expect(at('Helper')).toBe('src/Support/Helper.php::Helper (exact)');
    expect(at('$this->greet')).toBe('src/Support/Helper.php::Greets::greet (receiver_type)');
    expect(at('$this->save')).toBe('src/Models/Model.php::Model::save (receiver_type)');
    expect(at('$this->helper->assist')).toBe('src/Support/Helper.php::Helper::assist (receiver_type)');
    expect(at('$this->mailer->send')).toBe('src/Models/Mailer.php::Mailer::send (receiver_type)');
    expect(at('self::query')).toBe('src/Models/Model.php::Model::query (receiver_type)');
    expect(at('static::make')).toBe('src/Models/User.php::User::make (receiver_type)');
    expect(at('Collection')).toBe('external external:Illuminate\\Support\\Collection');
    expect(at('$c->map')).toBe('external external:Illuminate\\Support\\Collection');
    expect(at('$h->assist')).toBe('src/Support/Helper.php::Helper::assist (receiver_type)');
    expect(at('$h->nothing')).toBe('missing_target');
    expect(at('slugify')).toBe('src/Support/Helper.php::slugify (exact)');
    expect(at('local_fn')).toBe('src/Models/User.php::local_fn (namespace)');
    expect(at('strlen')).toBe('builtin builtin:strlen');
    expect(at('\\array_map')).toBe('builtin builtin:array_map');
    expect(at('$f')).toBe('indirect_call');
    expect(at('$this->$name')).toBe('indirect_call');
    expect(at('$x->unknownThing')).toBe('external external:no workspace method');
    expect(at('\\RuntimeException')).toBe('builtin builtin:RuntimeException');
    expect(at('static')).toBe('src/Models/User.php::User::__construct (receiver_type)');
    // A file without a namespace: aliases and fully qualified names.
    expect(at('User::make', 'src/boot.php')).toBe('src/Models/User.php::User::make (exact)');
    expect(at('H::build', 'src/boot.php')).toBe('src/Support/Helper.php::Helper::build (exact)');
    expect(at('User', 'src/boot.php')).toBe('src/Models/User.php::User::__construct (exact)');
    // `new self()` in a class without a constructor: the class.
    expect(at('self', 'src/Support/Helper.php')).toBe('src/Support/Helper.php::Helper (receiver_type)');
    expect(at('\\App\\Models\\Mailer', 'src/boot.php')).toBe('src/Models/Mailer.php::Mailer (exact)');
    expect(at('\\App\\Support\\slugify', 'src/boot.php')).toBe('src/Support/Helper.php::slugify (exact)');
  });
});
