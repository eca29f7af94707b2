import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'src/Models/User.php') => extractFacts(path, source, 'php');

const SOURCE = `<?php
declare(strict_types=1);
namespace App\\Models;

use App\\Support\\Helper;
use Foo\\{Bar, Baz as Qux};
use function App\\util\\fmt;

interface Shape { public function area(): float; }
trait Greets { public function greet() { return strtoupper('x'); } }
abstract class User extends Model implements Shape, \\JsonSerializable {
    use Greets;
    private Helper $helper;
    public function __construct(private Mailer $mailer) { parent::__construct(); $this->helper = new Helper(); }
    public function area(): float { return $this->compute(1) + self::stat() + static::stat(); }
    public static function stat() { return Helper::make()->run(); }
    protected function compute(int $x, Helper $p) {
        $h = new Helper();
        $h->run();
        $p->run();
        $this->helper->go();
        $this->mailer?->send();
        $f = fn($y) => $y;
        $f(1);
        fmt('a');
        \\strlen('x');
        $obj->$name();
        new \\App\\Other\\Thing();
    }
}
enum Suit: string { case H = 'h'; public function color() {} }
function top() { return 1; }
`;

describe('php extraction', () => {
  it('extracts namespaces, classes, interfaces, traits, enums, members, use imports and call shapes', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('App\\Models');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual([
      'interface Shape',
      'method Shape::area',
      'trait Greets',
      'method Greets::greet',
      'class User',
      'constructor User::__construct',
      'method User::area',
      'method User::stat',
      'method User::compute',
      'enum Suit',
      'method Suit::color',
      'function top',
    ]);
    expect(facts.symbols[4].bases).toEqual(['Model', 'Shape', '\\JsonSerializable', 'Greets']);
    expect(facts.symbols[4].attributes?.superclass).toBe('Model');
    expect(facts.symbols[7].attributes?.static).toBe('true');
    expect(facts.symbols[10].ownerType).toBe('Suit');
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}`)).toEqual([
      'App\\Support|Helper|Helper',
      'Foo|Bar|Bar',
      'Foo|Baz|Qux',
      'App\\util|function fmt|fmt',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('parent::__construct')).toMatchObject({ qualifier: 'parent', calleeName: '__construct' });
    expect(call('$this->compute')).toMatchObject({ receiver: '$this', receiverType: 'User' });
    expect(call('static::stat')).toMatchObject({ qualifier: 'static' });
    expect(call('$h->run')).toMatchObject({ receiver: '$h', receiverType: 'Helper' });
    expect(call('$p->run')).toMatchObject({ receiver: '$p', receiverType: 'Helper' });
    expect(call('$this->helper->go')).toMatchObject({ receiverType: 'Helper' });
    expect(call('$this->mailer?->send')).toMatchObject({ receiverType: 'Mailer' });
    expect(call('$f')).toMatchObject({ indirect: true });
    expect(call('$obj->$name')).toMatchObject({ indirect: true });
    expect(call('\\strlen')).toMatchObject({ calleeName: 'strlen' });
    expect(call('\\App\\Other\\Thing')).toMatchObject({ kind: 'new', calleeName: 'Thing' });
  });

  it('types receivers by docblocks, self and properties assigned a typed parameter', async () => {
    const facts = await extract(`<?php
class A {
    /** @var Helper|null */
    private $h;
    private $d;
    public function __construct(Defs $d) { $this->d = $d; }
    public function eq(self $o) { $o->x(); $this->h->y(); $this->d->z(); }
}
`);
    const type = (spec: string) => facts.callSites.find((c) => c.specifier === spec)?.receiverType;
    expect([type('$o->x'), type('$this->h->y'), type('$this->d->z')]).toEqual(['A', 'Helper', 'Defs']);
  });

  it('marks PHPUnit tests, Pest blocks and test files', async () => {
    const phpunit = await extract(
      `<?php
namespace Tests\\Unit;
use PHPUnit\\Framework\\TestCase;
final class UserTest extends TestCase {
    public function testName(): void { $this->assertSame('a', (new User())->name()); }
    /** @test */
    public function it_greets() {}
    #[Test]
    public function greets_twice() {}
    private function helper() {}
}
`,
      'tests/Unit/UserTest.php',
    );
    expect(phpunit.symbols.map((s) => `${s.qualifiedName} ${s.isTest} ${s.attributes?.test ?? ''}`)).toEqual([
      'UserTest true phpunit',
      'UserTest::testName true prefix',
      'UserTest::it_greets true docblock',
      'UserTest::greets_twice true attribute',
      'UserTest::helper true ',
    ]);
    const pest = await extract(
      `<?php
use App\\Models\\User;
describe('users', function () {
    it('has a name', function () { expect((new User())->name())->toBe('a'); });
});
test('boots', fn () => boot());
`,
      'tests/Feature/UserTest.php',
    );
    expect(pest.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual(['module users', 'test users > has a name', 'test boots']);
    expect(pest.callSites.map((c) => c.specifier)).not.toContain('it');
    expect(pest.callSites.find((c) => c.specifier === 'boot')?.caller).toBe(2);
    const library = await extract('<?php\nclass Shop { public function testMode() {} }\n', 'src/Shop.php');
    expect(library.symbols.every((s) => !s.isTest)).toBe(true);
  });
});
