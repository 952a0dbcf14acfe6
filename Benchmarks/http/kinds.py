# Writes N requests for kinds.c, drawn as vary.lua draws MIX (95% Q1-Q4 alike, 5% writes:
# setItemQuantity, addToCart, addComment, likeDish), from the lists prepare.js wrote in DIR;
# each is a line "KIND LENGTH" and then the raw HTTP request. Seeded: the same every run.
#
#   python3 kinds.py DIR N OUT
import sys, random, os
directory, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = lambda name: [line for line in open(os.path.join(directory, name)).read().split('\n') if line]
viewers = []
for l in lines('viewers.txt'):
    t, items, kinds = l.split('\t')
    viewers.append((t, items.split(','), [k.split(':') for k in kinds.split(',')]))
recipes, keywords, dishes = lines('recipes.txt'), lines('keywords.txt'), lines('dishes.txt')
body = {k: open(os.path.join(directory, k + '.body')).read() for k in ['Q1','Q2','Q3','Q4','M1','AddToCart','AddComment','LikeDish']}
random.seed(26)
def req(kind, token, name, variables):
    b = body[name].replace('__VARS__', variables).encode()
    h = f"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer {token}\r\nContent-Length: {len(b)}\r\n\r\n".encode()
    return kind, h + b
reads, writes = ['Q1','Q2','Q3','Q4'], ['M1','ADD','COMMENT','LIKE']
counter = 0
with open(out, 'wb') as f:
    for _ in range(count):
        v = random.choice(viewers)
        roll = random.randint(1, 1000)
        k = reads[roll % 4] if roll > 50 else writes[roll % 4]
        if k == 'Q1': r = req(k, v[0], 'Q1', '{"id":"%s"}' % random.choice(recipes))
        elif k == 'Q2': r = req(k, v[0], 'Q2', '{}')
        elif k == 'Q3': r = req(k, v[0], 'Q3', '{"keyword":"%s"}' % random.choice(keywords))
        elif k == 'Q4': r = req(k, v[0], 'Q4', '{}')
        elif k == 'M1': r = req(k, v[0], 'M1', '{"item":"%s","quantity":%d}' % (random.choice(v[1]), random.randint(1, 2)))
        elif k == 'ADD':
            g, kk = random.choice(v[2]); r = req(k, v[0], 'AddToCart', '{"goods":"%s","kind":"%s"}' % (g, kk))
        elif k == 'COMMENT':
            counter += 1; r = req(k, v[0], 'AddComment', '{"target":"%s","text":"Bench comment g%d"}' % (random.choice(recipes), counter))
        else: r = req(k, v[0], 'LikeDish', '{"id":"%s"}' % random.choice(dishes))
        f.write(b"%s %d\n" % (r[0].encode(), len(r[1]))); f.write(r[1])
